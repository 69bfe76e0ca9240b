// The board from the server and the connection to it: loading (boards, the board, the undo
// preview) and refetching, the board the address bar names, the status pill (Live,
// Reconnecting…, Offline, Syncing, Refused) with the refused changes' dialog, and the live event
// stream.

import { $, el, enc, EVENT_KINDS, icon, RETRY_FIRST_MS, RETRY_LAST_MS, sameName, storage } from '/assets/dom.js';
import { connection, hooks, notify, setConnection, shared, state, subscribe, sync, t } from '/assets/store.js';
import { api, apiEvents, boardPath, showErrorIn } from '/assets/api.js';
import { announce, showError } from '/assets/ui.js';
import { abortSyncRequest, announceWhenDecided, change, describeChange, dropRecord, findCard, flush, forgetReflected, isUndoRedo, keyOf, outboxChanged, push, recompute, refusalError, refusedRecords, reloadOutbox, takeAcks, undecided } from '/assets/sync.js';

// ---------------------------------------------------------------------------------------------
// Loading

let boardTicket = 0;

export async function loadBoards() {
  const boards = await api('GET', '/api/boards');
  state.boards = Array.isArray(boards) ? boards : [];
}

/** Picks the board to show: the one asked for if it exists, else the remembered one, else `main`, else the first. */
export function chooseBoard(wanted) {
  const names = state.boards.map((board) => board.name);
  const find = (name) => names.find((candidate) => sameName(candidate, name));
  const chosen = find(wanted) ?? find(state.boardName) ?? find(storage.get('kanban.board')) ?? find('main') ?? names[0] ?? null;
  const changed = !sameName(chosen, state.boardName) || chosen !== state.boardName;
  state.boardName = chosen;
  if (chosen) storage.set('kanban.board', chosen);
  return changed;
}

async function loadLive() {
  if (!state.boardName) {
    state.server = null;
    state.live = null;
    return;
  }
  const ticket = ++boardTicket;
  try {
    const view = await api('GET', boardPath());
    if (ticket !== boardTicket) return;
    // An older answer (the service worker's copy while the server is away) never replaces a newer one.
    if (state.server && view && sameName(view.board, state.server.board) && Number(view.sequence) < Number(state.server.sequence)) return;
    state.server = view;
    recompute();
    noteSequence(view?.sequence);
    forgetReflected().catch((error) => console.error('kanban: the outbox could not forget applied changes', error));
  } catch (error) {
    if (error.status === 404) {
      // Renamed or removed elsewhere: fall back to another board.
      await loadBoards();
      const previous = state.boardName;
      state.boardName = null;
      chooseBoard(null);
      if (state.boardName && state.boardName !== previous) {
        connectStream();
        return loadLive();
      }
      state.server = null;
      state.live = null;
      return;
    }
    throw error;
  }
}

async function loadUndo() {
  // Without a name there is nobody's undo stack to show (and no shared one to borrow).
  if (!state.actor && !state.tokens) {
    state.undo = { undo: null, redo: null };
    return;
  }
  try {
    const info = await api('GET', '/api/undo');
    state.undo = { undo: info?.undo ?? null, redo: info?.redo ?? null };
  } catch (error) {
    if (error.status === 401) throw error;
    state.undo = { undo: null, redo: null };
  }
}

function noteSequence(sequence) {
  const number = Number(sequence);
  if (Number.isFinite(number) && number > state.latest) state.latest = number;
}

let refreshTimer = null;
let refreshRunning = null;
let refreshQueued = false;

/** Refetches soon; many calls within `wait` make one refetch. */
export function scheduleRefresh(wait = 120) {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => { refresh(); }, wait);
}

/** Refetches the boards, the board, the undo preview and the due list, then renders. */
export async function refresh() {
  // Not under a pointer that is pressing or dragging: the element it holds must stay.
  if (shared.drag) {
    shared.drag.refreshAfter = true;
    return;
  }
  if (refreshRunning) {
    refreshQueued = true;
    return refreshRunning;
  }
  refreshRunning = (async () => {
    try {
      await loadBoards();
      if (chooseBoard(null)) connectStream();
      await Promise.all([loadLive(), loadUndo(), hooks.loadDue()]);
      state.loaded = true;
      notify('board');
      // The side panel and the open card's details as they are now.
      notify('refreshed');
      takeAcks();
    } catch (error) {
      // No answer at all: the status pill says so, and the page tries again by itself.
      if (error.status !== 401 && error.status !== 0) showError(error);
    }
  })();
  try {
    await refreshRunning;
  } finally {
    refreshRunning = null;
  }
  if (refreshQueued) {
    refreshQueued = false;
    return refresh();
  }
}

// ---- The status pill: Live, Reconnecting…, Offline — N changes saved, Syncing N…, Refused

/** Says where the page stands with the server, never more than it knows: "Live" only when the
 * stream is open and nothing waits to be sent. */
export function renderSyncStatus() {
  const indicator = $('#live-indicator');
  if (!indicator) return;
  const pending = undecided().length;
  const refused = refusedRecords().length;
  const reached = connection.state === 'live' && (!sync.pushFailed || pending === 0);
  let status;
  let text;
  if (connection.state === 'connecting' && !sync.pushFailed) {
    status = 'connecting';
    text = pending > 0 ? t('syncing', { count: pending }) : t('connecting');
  } else if (reached) {
    status = pending > 0 ? 'syncing' : 'live';
    text = pending > 0 ? t('syncing', { count: pending }) : t('live');
  } else if (pending > 0 && sync.pushForbidden != null) {
    // The server answers, and refuses this page's changes (403): not a network problem.
    status = 'forbidden';
    text = t('pushForbidden', { count: pending });
  } else if (pending > 0) {
    status = 'offline';
    text = t('offlineSaved', { count: pending });
  } else {
    status = connection.state === 'offline' ? 'offline' : 'reconnecting';
    text = t(status === 'offline' ? 'offline' : 'reconnecting');
  }
  indicator.dataset.state = status;
  indicator.dataset.pending = String(pending);
  const label = $('#live-text');
  if (label.textContent !== text) label.textContent = text;
  indicator.title = status === 'forbidden'
    ? [t('pushForbiddenHint'), sync.pushForbidden].filter(Boolean).join(' ')
    : t(status === 'live' ? 'liveHint' : status === 'syncing' || status === 'connecting' ? 'syncingHint' : 'offlineHint');
  $('#retry-button').hidden = reached || connection.state === 'connecting';
  const refusedButton = $('#refused-button');
  refusedButton.hidden = refused === 0;
  refusedButton.textContent = t('refusedChanges', { count: refused });
  if ($('#refused-dialog').open) renderRefused();
  renderRefusalNotices();
  notify('header');
}

/** Retry now: reach the server again at once. */
function retryNow() {
  connection.attempt = 0;
  sync.pushAttempt = 0;
  reconnect();
}

$('#retry-button').addEventListener('click', retryNow);
$('#refused-button').addEventListener('click', openRefused);

function openRefused() {
  renderRefused();
  if (!$('#refused-dialog').open) $('#refused-dialog').showModal();
}

/** The refused changes, each with its reason in the page's words and what can be done. */
function renderRefused() {
  const list = $('#refused-list');
  const records = refusedRecords();
  $('#refused-discard-all').hidden = records.length < 2;
  if (records.length === 0) {
    list.replaceChildren(el('li', { class: 'panel-empty' }, t('noRefusedChanges')));
    return;
  }
  list.replaceChildren(...records.map((record) => el('li', { class: 'refused-item', 'data-mutation': record.number ?? record.id },
    el('p', { class: 'refused-what' }, describeChange(record)),
    refusalReasonLine(record),
    el('p', { class: 'hint' }, t(record.conflict ? 'refusedConflictHelp' : record.notDecided ? 'refusedNotDecidedHelp' : 'refusedOtherHelp')),
    refusalActions(record))));
}
/** The reason line of a refusal: the page's words, else the page's sentence and the server's line. */
function refusalReasonLine(refusal) {
  const line = el('p', { class: 'refused-reason' });
  showErrorIn(line, refusalError(refusal));
  return line;
}

/** The buttons of a refused change: Apply anyway (a conflict: sent again without `since`, over
 * the other change) or Try again (sent again on the board as it is now: a limit raised, say),
 * and Discard. All of them wait while one works. */
function refusalActions(record) {
  const actions = el('div', { class: 'refused-actions' });
  const buttons = [];
  const action = (label, className, run) => {
    const button = el('button', { type: 'button', class: `${className} small` }, label);
    button.addEventListener('click', async () => {
      if (button.disabled) return;
      for (const other of buttons) other.disabled = true;
      try {
        await run();
      } finally {
        for (const other of buttons) if (other.isConnected) other.disabled = false;
      }
    });
    buttons.push(button);
    actions.append(button);
  };
  if (record.conflict) action(t('applyAnyway'), 'primary', () => applyAnyway(record));
  else action(t('tryAgain'), 'primary', () => applyAnyway(record, { since: state.server?.sequence ?? record.since ?? null }));
  action(t('discardChange'), 'secondary', () => discardRefused(record));
  return actions;
}

/** Sends a refused change again, without `since` unless given (so it applies over the other
 * change); the refusal is forgotten only once the new mutation is kept. */
async function applyAnyway(record, { since = null } = {}) {
  try {
    const again = await change(record.name, record.args, { since, local: record.local });
    await dropRecord(record);
    if (refusedRecords().length === 0 && $('#refused-dialog').open) $('#refused-dialog').close();
    announceWhenDecided(again, t('changeApplied', { change: describeChange(again) }));
  } catch (error) {
    showError(error);
  }
}

async function discardRefused(record) {
  await dropRecord(record);
  announce(t('changeDiscarded', { action: describeChange(record) }));
  if (refusedRecords().length === 0 && $('#refused-dialog').open) $('#refused-dialog').close();
}

$('#refused-discard-all').addEventListener('click', async () => {
  const records = refusedRecords();
  await sync.outbox.remove(records);
  await reloadOutbox();
  outboxChanged();
  announce(t('allDiscarded', { count: records.length }));
  $('#refused-dialog').close();
});

/** Where a refused change shows on the board: the column it was to land in (an add or a move),
 * else its card's column; null when that is not on the board shown. */
function refusalColumn(record) {
  if (isUndoRedo(record) || record.args?.board !== state.boardName) return null;
  const columns = Array.isArray(state.live?.columns) ? state.live.columns : [];
  if (record.name === 'addCard' || record.name === 'moveCard') {
    const name = record.args.column ?? (record.name === 'addCard' ? columns[0]?.name : null);
    if (name != null && columns.some((column) => column.name === name)) return name;
  }
  return findCard(record.args?.card)?.column?.name ?? null;
}

/** Shows each refused change at the top of the column where it happened, the newest first, with
 * its reason and what can be done; the others of that column are a click away (the dialog). */
export function renderRefusalNotices() {
  const byColumn = new Map();
  if (!state.past) {
    for (const record of refusedRecords()) {
      const column = refusalColumn(record);
      if (column != null) byColumn.set(column, [record, ...(byColumn.get(column) ?? [])]);
    }
  }
  for (const [name, kept] of hooks.columnElements) {
    const records = byColumn.get(name) ?? [];
    let box = kept.section.querySelector(':scope > .column-notices');
    if (records.length === 0) {
      box?.remove();
      continue;
    }
    const signature = JSON.stringify([state.lang, records.map(keyOf)]);
    if (box?.dataset.signature === signature) continue;
    if (!box) {
      box = el('div', { class: 'column-notices' });
      kept.section.querySelector(':scope > .column-header')?.after(box);
    }
    box.dataset.signature = signature;
    const [newest] = records;
    const notice = el('div', { class: 'column-notice', role: 'group', 'aria-label': t('refusedNotice'), 'data-mutation': newest.number ?? newest.id },
      el('p', { class: 'notice-what' }, icon('alert'), t('notApplied', { change: describeChange(newest) })),
      refusalReasonLine(newest),
      refusalActions(newest));
    if (records.length > 1) {
      const more = el('button', { type: 'button', class: 'link-button notice-more' }, t('andMore', { count: records.length - 1 }));
      more.addEventListener('click', openRefused);
      notice.append(more);
    }
    box.replaceChildren(notice);
  }
}

window.addEventListener('offline', () => {
  stream?.close();
  stream = null;
  abortSyncRequest();
  setConnection('offline');
});
window.addEventListener('online', retryNow);

// ---------------------------------------------------------------------------------------------
// Live updates

export let stream = null;

/** Listens to the board's committed events; any event refetches (debounced). `client=` asks for
 * `event: ack` frames about this page's pushes too. When the stream breaks, the page tries again
 * after a wait that doubles (up to RETRY_LAST_MS), at once on Retry now or when the browser is
 * back online; each try fetches the board again first, so nothing of the gap is missed. */
export function connectStream() {
  stream?.close();
  clearTimeout(connection.timer);
  stream = null;
  if (!state.boardName || typeof EventSource !== 'function') return;
  if (connection.state === 'live') setConnection('connecting');
  const client = sync.clientID ? `&client=${enc(sync.clientID)}` : '';
  const source = new EventSource(`/api/events?board=${enc(state.boardName)}&after=${state.latest}${client}`);
  const onEvent = (event) => {
    noteSequence(event.lastEventId);
    notify('timebar');
    // This page's own writes are refetched when they are answered; skip what is shown already.
    if (Number(event.lastEventId) > Number(state.server?.sequence ?? -1)) scheduleRefresh(state.past ? 400 : 100);
  };
  for (const kind of EVENT_KINDS) source.addEventListener(kind, onEvent);
  // The server's log ends before what this page has seen (restored from a backup): start over.
  source.addEventListener('reset', (event) => {
    let end = 0;
    try { end = Number(JSON.parse(event.data).lastSequence) || 0; } catch { end = 0; }
    state.latest = end;
    state.server = null;
    if (state.past) hooks.exitPast();
    scheduleRefresh(0);
  });
  source.addEventListener('ack', (event) => {
    try {
      const ack = JSON.parse(event.data);
      if (ack && typeof ack === 'object') sync.acks.push(ack);
    } catch { /* not an ack this page understands */ }
    takeAcks();
  });
  source.addEventListener('message', onEvent);
  source.addEventListener('open', () => {
    if (stream !== source) return;
    connection.attempt = 0;
    setConnection('live');
    flush();
  });
  source.addEventListener('error', () => {
    if (stream !== source) return;
    // The browser's own retry would resume without refetching the board: the page retries itself.
    source.close();
    stream = null;
    abortSyncRequest(); // the connection under it may be gone too (a push would hang on it)
    scheduleReconnect();
  });
  stream = source;
}

/** Tries to reach the server again after a wait that doubles with each try. */
export function scheduleReconnect() {
  setConnection(navigator.onLine === false ? 'offline' : 'reconnecting');
  clearTimeout(connection.timer);
  const wait = Math.min(RETRY_LAST_MS, RETRY_FIRST_MS * 2 ** connection.attempt) * (0.75 + Math.random() / 2);
  connection.attempt += 1;
  connection.timer = setTimeout(reconnect, wait);
}

/** After a gap: the board again, then the stream from what it reflects, then the outbox. */
async function reconnect() {
  clearTimeout(connection.timer);
  if (navigator.onLine === false) {
    setConnection('offline');
    return;
  }
  await refresh();
  connectStream();
  if (!stream) scheduleReconnect();
  flush();
}

// ---------------------------------------------------------------------------------------------
// The board the address names

/** The board the address names: `?board=NAME`, or `#board=NAME` (older links; the address
 * loses the hash once followed, so one there was just put there). */
export function boardInAddress() {
  return new URLSearchParams(location.hash.slice(1)).get('board') ?? new URLSearchParams(location.search).get('board');
}

/** Puts the board shown into the address bar (`?board=NAME`, percent-encoded): a new history
 * entry when `push` (the user switched), else in place (the board was chosen or renamed). */
export function syncAddress(push) {
  if (!state.boardName) return;
  const search = `?board=${enc(state.boardName)}`;
  if (location.search === search && !location.hash) return;
  history[push ? 'pushState' : 'replaceState']({ board: state.boardName }, '', `${location.pathname}${search}`);
}

/** Makes a board fetch under way too old to show (a move was made on screen after it began). */
export function outdateBoardFetches() {
  ++boardTicket;
}

apiEvents.addEventListener('refresh-needed', (event) => scheduleRefresh(event.detail));
subscribe((change) => {
  if (change === 'sync') renderSyncStatus();
});
