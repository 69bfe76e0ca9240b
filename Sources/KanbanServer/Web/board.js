// The kanban web board: plain JavaScript modules, no framework, no build step.
//
// The page fetches the board from the JSON API and refetches when the live event stream says
// something was committed (by this page, another browser or the command line). It works offline
// first: each change to cards is kept in an outbox in IndexedDB (outbox.js) before it shows, the
// board shown is the server's plus those pending changes, and they are pushed to the server
// (`POST /api/sync/push`) whenever it answers. A service worker (sw.js) lets the page load without
// the server. User text is only ever put into the page with textContent (through `el`), never
// as HTML.

import { cumulativeFlow, cycleScatter, legend, summary } from '/assets/flow.js';
import { LANGUAGES, pickLanguage, translator } from '/assets/i18n.js';
import { CARD_DETAIL_CHANGES, BOARD_DETAIL_CHANGES, applyBoardDetail, cardFaceWith, detailsWith } from '/assets/details.js';
import { isNumbered, openOutbox } from '/assets/outbox.js';

// ---------------------------------------------------------------------------------------------
// Constants and small helpers

/** Every event kind the server streams (`event: KIND`); an EventSource only reports named
 * events to listeners registered under their name. */
const EVENT_KINDS = [
  'boardCreated', 'boardRenamed', 'boardRemoved',
  'columnAdded', 'columnRenamed', 'columnRemoved', 'columnMoved',
  'cardAdded', 'cardEdited', 'cardMoved', 'cardDeleted', 'cardRevived',
  'undone', 'redone', 'restored',
  'cardAssigned', 'cardUnassigned', 'cardLabelled', 'cardUnlabelled', 'dueMarked',
  'commentAdded', 'commentEdited', 'commentDeleted',
  'checklistItemAdded', 'checklistItemRenamed', 'checklistItemChecked', 'checklistItemRemoved', 'checklistItemMoved',
  'linkAttached', 'linkRemoved', 'memberAdded', 'memberRemoved', 'labelChanged', 'columnLimitChanged',
];
const LIMITS = { title: 200, description: 1000, name: 50 };
/** Entries a side-panel page asks for (history, deleted cards). */
const PAGE_SIZE = 100;
const LONG_PRESS_MS = 300;
const DRAG_THRESHOLD_PX = 5;
const TOUCH_SLOP_PX = 10;
const DUE_POLL_MS = 60_000;
/** Mutations per push, and the most bytes of JSON one push carries (the server takes 8 MiB). */
const PUSH_BATCH = 1000;
const PUSH_BYTES = 2_000_000;
/** How long a push or a pull may go unanswered before it is given up (a half-open connection). */
const SYNC_TIMEOUT_MS = 20_000;
/** Waits between tries to reach the server again: doubling from the first to the last. */
const RETRY_FIRST_MS = 500;
const RETRY_LAST_MS = 8_000;
/** How long the card dialog waits for the server's decision on an edit before closing. */
const DIALOG_DECISION_MS = 4_000;

const $ = (selector, root = document) => root.querySelector(selector);
const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];
const enc = encodeURIComponent;
const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const sameName = (a, b) => a != null && b != null && a.toLowerCase() === b.toLowerCase();

/** Makes an element. Strings among `children` become text nodes, so user text is never parsed. */
function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value == null || value === false) continue;
    if (name === 'class') node.className = value;
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  node.append(...children.filter((child) => child != null));
  return node;
}

/** An icon from the sprite in index.html. */
function icon(name, className = 'icon') {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', className);
  svg.setAttribute('aria-hidden', 'true');
  const use = document.createElementNS('http://www.w3.org/2000/svg', 'use');
  use.setAttribute('href', `#i-${name}`);
  svg.append(use);
  return svg;
}

/** The number of characters as the server counts them (grapheme clusters). */
const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
function characterCount(text) {
  if (!segmenter) return [...text].length;
  let count = 0;
  for (const _ of segmenter.segment(text)) count++;
  return count;
}

/** A fresh idempotency key (crypto.randomUUID needs a secure context; the fallback does not). */
function newKey() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const storage = {
  get(key, fallback = null) {
    try { return localStorage.getItem(key) ?? fallback; } catch { return fallback; }
  },
  set(key, value) {
    try { localStorage.setItem(key, value); } catch { /* private mode: the setting lasts this visit */ }
  },
};

// ---------------------------------------------------------------------------------------------
// State

const state = {
  lang: pickLanguage(storage.get('kanban.lang'), navigator.languages ?? [navigator.language]),
  /** This person's name (`X-Kanban-Actor`); null until they give one. With tokens the server
   * takes the actor from the token instead. */
  actor: storage.get('kanban.actor', null),
  /** Whether the server asks for tokens (`GET /api/session`); null until known. */
  tokens: null,
  /** Who the server says this page is (`GET /api/session`): with tokens, the token's actor. */
  sessionActor: null,
  /** `GET /api/boards`. */
  boards: [],
  boardName: null,
  /** `GET /api/boards/{b}`: the board as the server last sent it. */
  server: null,
  /** The board shown: `server` with the pending changes of the outbox replayed on top. */
  live: null,
  /** While the time slider is back: `{sequence, view, time, missing}`. */
  past: null,
  /** The highest sequence number seen (the slider's maximum). */
  latest: 0,
  /** `GET /api/undo`. */
  undo: { undo: null, redo: null },
  /** `GET /api/due?within=24h`. */
  due: [],
  dueLoaded: false,
  /** The side panel: `{kind: 'history', card, title, limit}` or `{kind: 'deleted', limit}`. */
  panel: null,
  /** The card filter: search text, due state ('', 'overdue', 'soon', 'none', 'done'), an
   * assignee and a label ('' for any). */
  filter: { text: '', due: '', member: '', label: '' },
  loaded: false,
};
let t = translator(state.lang);

// ---------------------------------------------------------------------------------------------
// The API

/** A refused or failed request: `message` is a sentence in the page's language chosen by the
 * status, `detail` the server's own line (`{"error"}`, English). */
class ApiError extends Error {
  constructor(status, detail = '') {
    super(statusMessage(status));
    this.status = status;
    this.detail = detail;
  }
}

/** The page's sentence for a refusal with HTTP `status` (0: no answer at all). */
function statusMessage(status) {
  if (status === 0) return t('networkError');
  if (status === 401) return t('signInNeeded');
  if (status >= 500) return t('errorServer');
  const keys = { 400: 'errorBadRequest', 404: 'errorNotFound', 409: 'errorConflict', 413: 'errorTooLarge', 422: 'errorRefused' };
  return keys[status] ? t(keys[status]) : t('errorOther', { status });
}

/** The server's detail of `error` when it adds something to the sentence, else ''. */
function errorDetail(error) {
  const detail = error instanceof ApiError ? String(error.detail ?? '') : '';
  return detail && detail !== error.message ? detail : '';
}

/** Whether the only pointer is a finger (a phone or tablet without a keyboard's shortcuts to offer). */
const touchOnly = () => Boolean(globalThis.matchMedia?.('(hover: none) and (pointer: coarse)').matches);

/** A paragraph saying `error` (in a panel or a view that could not load). */
function errorParagraph(error) {
  const paragraph = el('p', { class: 'panel-empty' });
  showErrorIn(paragraph, error);
  return paragraph;
}

/** Shows `error` in `node` (a form's error line): the sentence, and the server's detail as a
 * second, smaller line and as the tooltip. */
function showErrorIn(node, error) {
  const detail = errorDetail(error);
  // replaceChildren writes a null as the text "null": only the parts there are.
  node.replaceChildren(...[el('span', { class: 'error-main' }, String(error?.message ?? error)),
    detail ? el('span', { class: 'error-detail' }, detail) : null].filter(Boolean));
  if (detail) node.title = detail;
  else node.removeAttribute('title');
}

/**
 * Sends one request. Writes carry `Content-Type: application/json` and an `Idempotency-Key`
 * (`key`, or a fresh one): a request that got no answer is sent again with the same key, so the
 * server applies it at most once.
 */
async function api(method, path, body, key) {
  // Header values must be ASCII: the name goes percent-encoded (the server decodes it).
  const headers = { Accept: 'application/json' };
  if (state.actor) headers['X-Kanban-Actor'] = encodeURIComponent(state.actor);
  const init = { method, headers, credentials: 'same-origin', cache: 'no-store' };
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    headers['Idempotency-Key'] = key ?? newKey();
    if (body !== undefined) init.body = JSON.stringify(body);
  }
  let response;
  for (let attempt = 0; ; attempt++) {
    try {
      response = await fetch(path, init);
      if (response.status >= 502 && response.status <= 504 && attempt < 2) {
        await delay(400 * (attempt + 1));
        continue;
      }
      break;
    } catch {
      if (attempt >= 2) throw new ApiError(0);
      await delay(400 * (attempt + 1));
    }
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (response.status === 401) {
    requestSignIn();
    throw new ApiError(401, data?.error ?? '');
  }
  if (!response.ok) {
    throw new ApiError(response.status, typeof data?.error === 'string' ? data.error : `${response.status} ${response.statusText}`);
  }
  return data;
}

const boardPath = (name = state.boardName) => `/api/boards/${enc(name)}`;
const cardPath = (id) => `${boardPath()}/cards/${enc(id)}`;
const columnPath = (name) => `${boardPath()}/columns/${enc(name)}`;

/** Runs a user action's write; any later write makes earlier "Undo" toasts stale. The first
 * write of a person without a name asks for one. */
async function write(method, path, body, key) {
  await ensureActor();
  dismissUndoToasts();
  const result = await api(method, path, body, key);
  scheduleRefresh(0);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Loading

let boardTicket = 0;

async function loadBoards() {
  const boards = await api('GET', '/api/boards');
  state.boards = Array.isArray(boards) ? boards : [];
}

/** Picks the board to show: the one asked for if it exists, else the remembered one, else `main`, else the first. */
function chooseBoard(wanted) {
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
function scheduleRefresh(wait = 120) {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => { refresh(); }, wait);
}

/** Refetches the boards, the board, the undo preview and the due list, then renders. */
async function refresh() {
  // Not under a pointer that is pressing or dragging: the element it holds must stay.
  if (drag) {
    drag.refreshAfter = true;
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
      await Promise.all([loadLive(), loadUndo(), loadDue()]);
      state.loaded = true;
      render();
      if (state.panel) refreshPanel();
      // Someone (or this page) changed the board: the open card's details as they are now.
      if (cardDetails.card) loadCardDetails();
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

// ---------------------------------------------------------------------------------------------
// Changes to cards, offline first: the outbox, the board shown, the push to the server

/**
 * What the page knows of its changes. Each change to cards (add, edit, move, delete, bring back,
 * undo, redo) is a mutation kept in the outbox (IndexedDB, outbox.js) before it shows; the board
 * shown is the server's plus the undecided mutations replayed on top (`recompute`); they are sent
 * in order (`flush`) whenever the server answers, and leave the outbox once it has decided them.
 */
const sync = {
  /** The outbox (IndexedDB, or memory when the browser has none). */
  outbox: null,
  /** This browser profile to the sync routes: random ids kept in localStorage. */
  clientID: null,
  clientGroupID: null,
  /** This tab, to the outbox (which tab marked a mutation sent). */
  tabID: null,
  /** The outbox's records in the order the server decides them: a copy of what it holds, read
   * again after each write. Applied ones stay (replayed) until a board loaded reflects them. */
  records: [],
  /** Keys (`keyOf`) of the mutations in the push under way. */
  inFlight: new Set(),
  /** Callbacks waiting for a mutation's decision, by key. */
  waiters: new Map(),
  /** The most mutations and bytes of JSON one push carries: halved after a 413 (a proxy's limit). */
  pushLimit: { count: PUSH_BATCH, bytes: PUSH_BYTES },
  /** Keys of mutations the server once could not take alone (400, 413, 422): a second time, they
   * are set aside as refused. */
  rejectedOnce: new Set(),
  /** Aborts the push or pull under way (a timeout, the browser going offline, the stream breaking). */
  requestAbort: null,
  /** The server's reason when it forbids this page's pushes (403), else null. */
  pushForbidden: null,
  /** Mutations Undo took back before they were sent, newest last (Redo puts them back). */
  redoable: [],
  /** `event: ack` frames waiting until the board reflects their `lastSequence`. */
  acks: [],
  pushing: null,
  pushAgain: false,
  /** Whether the last push got no answer, or one saying to try later. */
  pushFailed: false,
  pushAttempt: 0,
  pushTimer: null,
};

/** The live stream's state: 'connecting', 'live', 'reconnecting' or 'offline' (the browser says
 * it has no network), and the tries made to reach the server again since it was last reached. */
const connection = { state: 'connecting', attempt: 0, timer: null };

/** A mutation's key in the page's maps: its `uid`, which renumbering does not change. */
const keyOf = (record) => record.uid;
const isUndoRedo = (record) => record.name === 'undo' || record.name === 'redo';
const undecided = () => sync.records.filter((record) => record.status === 'pending');
const refusedRecords = () => sync.records.filter((record) => record.status === 'refused');

/** Tells the page's other tabs that the outbox changed (they share it). */
const outboxChannel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('kanban-outbox') : null;
outboxChannel?.addEventListener('message', async () => {
  await reloadOutbox();
  showChanges();
});

/** A random id for the sync routes: a letter and 32 hex digits. */
const randomID = (prefix) => `${prefix}${newKey().replaceAll('-', '')}`;

/** Opens the outbox and this profile's ids. A client id is taken over only when the outbox has
 * numbered mutations for it (an outbox wiped clean starts a new client: its numbers start at 1). */
async function openSync() {
  try {
    sync.outbox = await openOutbox();
  } catch {
    sync.outbox = null;
  }
  if (!sync.outbox) return;
  let clientID = storage.get('kanban.clientID');
  if (!clientID || !/^[A-Za-z0-9_-]{1,64}$/.test(clientID) || !(await sync.outbox.knows(clientID))) {
    clientID = randomID('c');
    storage.set('kanban.clientID', clientID);
  }
  await sync.outbox.register(clientID);
  sync.clientID = clientID;
  sync.clientGroupID = storage.get('kanban.clientGroupID');
  if (!sync.clientGroupID) {
    sync.clientGroupID = randomID('g');
    storage.set('kanban.clientGroupID', sync.clientGroupID);
  }
  await reloadOutbox();
}

/** Syncs as a new client id from now on, its undecided mutations moved to it and numbered from 1:
 * the server answered that `clientID` is not this profile's alone (`reused`: a copied or restored
 * profile numbered its own changes the same; a 403: another person's). Resolves to whether it moved. */
async function switchClient(clientID) {
  if (!sync.outbox || clientID !== sync.clientID) return false;
  const fresh = randomID('c');
  if (!(await sync.outbox.moveToClient(clientID, fresh, sync.tabID))) return false;
  storage.set('kanban.clientID', fresh);
  sync.clientID = fresh;
  await reloadOutbox();
  return true;
}

const syncReady = openSync();
sync.tabID = randomID('t');

async function reloadOutbox() {
  if (sync.outbox) sync.records = await sync.outbox.all();
}

/** After the outbox changed: the board shown again, the status, the other tabs. */
function outboxChanged() {
  showChanges();
  outboxChannel?.postMessage('changed');
}

/** Works out the board shown and draws it (after the drag under way, if any). */
function showChanges() {
  recompute();
  renderSyncStatus();
  refreshCardDetails();
  if (drag) {
    drag.refreshAfter = true;
    return;
  }
  if (state.loaded) render();
  takeAcks();
}

/** Whether the board shown must still replay `record`: undecided, or applied after the board
 * the page has (the server's answer came, the board with its events not yet). */
function replayed(record, reflected) {
  if (isUndoRedo(record) || !sameName(record.args?.board, state.boardName)) return false;
  return record.status === 'pending' || (record.status === 'applied' && Number(record.sequence) > reflected);
}

/** The board shown: the server's board with the undecided mutations (and those applied but not
 * yet in it) replayed on top, in the order the server decides them. A mutation that no longer
 * applies (its card or column is gone) is left out until the server decides it. */
function recompute() {
  const reflected = Number(state.server?.sequence ?? -1);
  const mutations = sync.records.filter((record) => replayed(record, reflected));
  state.live = mutations.length > 0 ? rebase(state.server, mutations) : state.server;
}

/** Forgets the applied mutations the board the page loaded reflects (its `sequence` is at or
 * after the push's); until then they stay in the outbox, so a page reloaded on an older copy
 * of the board (the service worker's) still shows them. */
async function forgetReflected() {
  const server = state.server;
  if (!sync.outbox || !server || !Number.isFinite(Number(server.sequence))) return;
  const shown = sync.records.filter((record) => record.status === 'applied'
    && (isUndoRedo(record) || (sameName(record.args?.board, server.board) && Number(record.sequence) <= Number(server.sequence))));
  if (shown.length === 0) return;
  await sync.outbox.remove(shown);
  await reloadOutbox();
  outboxChannel?.postMessage('changed');
}

/** `server` with `mutations` replayed on top, copied where they change it (columns, and the cards
 * they touch; the others stay the same objects, so their elements are kept). */
function rebase(server, mutations) {
  if (!server || !Array.isArray(server.columns)) return server;
  const view = { ...server, columns: server.columns.map((column) => ({ ...column, cards: [...(column.cards ?? [])] })) };
  for (const mutation of mutations) replay(view, mutation);
  return view;
}

/** Where card `id` is in `view`. */
function locate(view, id) {
  for (const column of view.columns) {
    const index = column.cards.findIndex((card) => card.id === id);
    if (index >= 0) return { column, index };
  }
  return null;
}

/** Applies one mutation to `view` as the server would, when it still applies; once more on a
 * board that has it already changes nothing (the card is there, or in its place). The cards it
 * touches are marked pending while it is. */
function replay(view, { name, args, local, status }) {
  const pendingCard = (card, column) => (status === 'pending' ? markedPending(card, column, view) : card);
  const found = args.card != null ? locate(view, args.card) : null;
  const columnNamed = (wanted) => view.columns.find((column) => sameName(column.name, wanted)) ?? null;
  switch (name) {
    case 'addCard': {
      const column = columnNamed(args.column);
      if (found || !column) return;
      const card = { id: args.card, title: args.title, description: args.description ?? '', due: args.due ?? null };
      place(column, pendingCard(card, column, view), args.before, args.after);
      return;
    }
    case 'moveCard': {
      const column = columnNamed(args.column);
      if (!found || !column) return;
      const [card] = found.column.cards.splice(found.index, 1);
      place(column, pendingCard(card, column, view), args.before, args.after);
      return;
    }
    case 'editCard': {
      if (!found) return;
      const card = { ...found.column.cards[found.index] };
      for (const field of ['title', 'description', 'due']) if (field in args) card[field] = args[field];
      found.column.cards[found.index] = pendingCard(card, found.column, view);
      return;
    }
    case 'deleteCard':
      if (found) found.column.cards.splice(found.index, 1);
      return;
    case 'reviveCard': {
      const kept = local?.card;
      const column = columnNamed(args.column ?? kept?.column);
      if (found || !kept || !column) return;
      const card = pendingCard({ id: args.card, title: kept.title, description: kept.description ?? '', due: kept.due ?? null }, column, view);
      const at = args.at ?? column.cards.length;
      column.cards.splice(Math.min(at, column.cards.length), 0, card);
      return;
    }
    default:
      if (CARD_DETAIL_CHANGES.has(name)) {
        if (!found) return;
        const card = cardFaceWith(found.column.cards[found.index], { name, args, local }, view.labels);
        found.column.cards[found.index] = pendingCard(card, found.column, view);
      } else if (BOARD_DETAIL_CHANGES.has(name)) {
        applyBoardDetail(view, { name, args });
      }
      // undo and redo: only the server knows what they change
  }
}

/** Puts `card` in `column` as the server does: just before `before`, else just after `after`,
 * else at the end. */
function place(column, card, before, after) {
  let index = before != null ? column.cards.findIndex((other) => other.id === before) : -1;
  if (index < 0 && after != null) {
    index = column.cards.findIndex((other) => other.id === after);
    if (index >= 0) index += 1;
  }
  column.cards.splice(index < 0 ? column.cards.length : index, 0, card);
}

/** `card` marked as not yet on the server, overdue as the server would say (never in the last column). */
function markedPending(card, column, view) {
  const due = dueDate(card.due);
  const finished = column === view.columns[view.columns.length - 1];
  return { ...card, overdue: Boolean(due) && !finished && !card.dueDone && due.date.getTime() < Date.now(), pending: true };
}

/**
 * Makes one change to cards: numbered and kept in the outbox first, then shown, then sent.
 * `since` is the board's sequence the change was made on (leave it null to apply whatever
 * happened since); `local` is what only the page needs (the card's title, to say what it was).
 * Resolves to the mutation kept.
 */
async function change(name, args, { since = state.server?.sequence ?? null, local = {}, keepRedo = false } = {}) {
  await ensureActor();
  await syncReady;
  if (!sync.outbox) throw new Error(t('outboxUnavailable'));
  dismissUndoToasts();
  const fields = { name, args, actor: state.actor, createdAt: Date.now(), sent: false, status: 'pending', local };
  if (since != null) fields.since = Number(since);
  const record = await sync.outbox.add(sync.clientID, fields);
  if (!keepRedo) sync.redoable.length = 0;
  await reloadOutbox();
  outboxChanged();
  flush();
  return record;
}

/** Resolves to `{status, error?, conflict?}` once the server has decided `record`, or to null
 * after `timeout` ms. */
function decisionOf(record, timeout) {
  return new Promise((resolve) => {
    const key = keyOf(record);
    sync.waiters.set(key, [...(sync.waiters.get(key) ?? []), resolve]);
    if (timeout == null) return;
    setTimeout(() => {
      // Given up: the waiter leaves the list (nothing else would take it out).
      const left = (sync.waiters.get(key) ?? []).filter((waiter) => waiter !== resolve);
      if (left.length > 0) sync.waiters.set(key, left);
      else sync.waiters.delete(key);
      resolve(null);
    }, timeout);
  });
}

function announceDecision(record, decision) {
  const key = keyOf(record);
  for (const resolve of sync.waiters.get(key) ?? []) resolve(decision);
  sync.waiters.delete(key);
}

/** What a mutation does, in words ("Move “X” to DOING"). */
function describeChange(record) {
  const title = record.local?.title ?? record.args?.title ?? '';
  switch (record.name) {
    case 'addCard': return t('changeAdd', { title });
    case 'moveCard': return t('changeMove', { title, column: record.args.column });
    case 'editCard': return t('changeEdit', { title });
    case 'deleteCard': return t('changeDelete', { title });
    case 'reviveCard': return t('changeRevive', { title });
    case 'undo': return t('undo');
    case 'redo': return t('redo');
    default: return CARD_DETAIL_CHANGES.has(record.name) ? t('changeDetails', { title }) : t('changeBoardDetails');
  }
}

/** The newest undecided change this person made (what Undo takes back first). A queued undo or
 * redo is not one: Undo pressed again undoes one more change, it does not take the undo back. */
function lastOwnChange() {
  const own = undecided().filter((record) => !isUndoRedo(record) && (state.tokens || record.actor === state.actor));
  return own[own.length - 1] ?? null;
}

/** Sends the undecided mutations, lowest number first, in batches, until none is left or the
 * server does not answer (then again after a wait, doubling up to RETRY_LAST_MS). One push at a
 * time, across the page's tabs too (navigator.locks; a browser without it may push from two tabs
 * at once: each mutation is still decided once, but a tab's renumbering may then wait for the
 * other's push to be a minute old). Nothing is sent while the live stream is down: a mutation
 * never sent can still be taken back here, and the stream's return sends them. */
function flush() {
  clearTimeout(sync.pushTimer);
  if (connection.state !== 'live') return Promise.resolve();
  if (sync.pushing) {
    sync.pushAgain = true;
    return sync.pushing;
  }
  sync.pushing = (async () => {
    try {
      await syncReady;
      do {
        sync.pushAgain = false;
        await (navigator.locks?.request ? navigator.locks.request('kanban-push', pushAll) : pushAll());
      } while (sync.pushAgain && !sync.pushFailed);
    } finally {
      sync.pushing = null;
      renderSyncStatus();
      takeAcks(); // those that waited for this push's answer
    }
  })();
  return sync.pushing;
}

/** Tries the push again after a wait (sooner when the user asks). */
function retryPushLater() {
  clearTimeout(sync.pushTimer);
  const wait = Math.min(RETRY_LAST_MS, RETRY_FIRST_MS * 2 ** sync.pushAttempt);
  sync.pushAttempt += 1;
  sync.pushTimer = setTimeout(flush, wait);
}

/** Pushes batch after batch. Whatever goes wrong here (an outbox write, an answer it cannot
 * read) ends in a later try, never in a queue left alone. */
async function pushAll() {
  if (!sync.outbox) return;
  try {
    // Another tab may have sent, taken back or added some: start from what the outbox holds.
    await reloadOutbox();
    let idle = 0; // rounds in a row that decided nothing
    for (;;) {
      const batch = nextBatch();
      if (batch.length === 0) return;
      if (idle >= 4) {
        retryPushLater();
        return;
      }
      if (!(await sync.outbox.markSent(batch, sync.tabID))) {
        // Taken back, renumbered or decided meanwhile (Undo, another tab): read the outbox again.
        await reloadOutbox();
        idle += 1;
        continue;
      }
      for (const record of batch) record.sent = true;
      let answer;
      try {
        answer = await push(batch);
      } catch (error) {
        // Halving a batch the server cannot take, or setting one mutation aside, is progress.
        if (!(await pushRefused(batch, error))) return;
        continue;
      }
      sync.pushFailed = false;
      sync.pushForbidden = null;
      sync.pushAttempt = 0;
      const outcome = await takeAnswer(answer, batch);
      if (outcome === 'nothing') {
        // Nothing in the batch was decided (numbers the server did not expect): later, not in a loop.
        retryPushLater();
        return;
      }
      idle = outcome === 'decided' ? 0 : idle + 1;
    }
  } catch (error) {
    console.error('kanban: the push stopped', error);
    retryPushLater();
  }
}

/** A mutation as the push sends it. */
function wire(record) {
  const mutation = { id: record.id, name: record.name, args: record.args };
  if (record.since != null) mutation.since = record.since;
  return mutation;
}

const utf8 = new TextEncoder();
const wireBytes = (record) => utf8.encode(JSON.stringify(wire(record))).length + 1;

/** The next push: the lowest-numbered undecided mutations of one client and one actor, numbered
 * one after another, at most `sync.pushLimit` of them (mutations and bytes of JSON). The lowest
 * number goes first whatever the clocks said when they were made: the server takes them in order. */
function nextBatch() {
  const waiting = undecided().filter(isNumbered);
  if (waiting.length === 0) return [];
  const mine = waiting.filter((record) => record.clientID === sync.clientID);
  const first = (mine.length > 0 ? mine : waiting)[0];
  const batch = [first];
  let bytes = wireBytes(first);
  for (const record of waiting.slice(waiting.indexOf(first) + 1)) {
    const last = batch[batch.length - 1];
    if (record.clientID !== last.clientID || record.actor !== last.actor || record.id !== last.id + 1) break;
    bytes += wireBytes(record);
    if (batch.length >= sync.pushLimit.count || bytes > sync.pushLimit.bytes) break;
    batch.push(record);
  }
  return batch;
}

/** Gives up the push or pull under way (it resolves as a request without an answer). */
function abortSyncRequest() {
  sync.requestAbort?.abort();
}

/** `fetch` that gives up after SYNC_TIMEOUT_MS, or when `abortSyncRequest` is called. */
async function syncFetch(path, init) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), SYNC_TIMEOUT_MS);
  sync.requestAbort = controller;
  try {
    const response = await fetch(path, { ...init, signal: controller.signal, credentials: 'same-origin', cache: 'no-store' });
    const text = await response.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch { data = null; }
    return { response, data };
  } catch {
    throw new ApiError(0);
  } finally {
    clearTimeout(timer);
    if (sync.requestAbort === controller) sync.requestAbort = null;
  }
}

/** Sends `batch` (marked sent already: from now on the server may have it). */
async function push(batch) {
  for (const record of batch) sync.inFlight.add(keyOf(record));
  renderSyncStatus();
  const headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
  if (batch[0].actor) headers['X-Kanban-Actor'] = encodeURIComponent(batch[0].actor);
  const body = { clientGroupID: sync.clientGroupID, clientID: batch[0].clientID, mutations: batch.map(wire) };
  try {
    const { response, data } = await syncFetch('/api/sync/push', { method: 'POST', headers, body: JSON.stringify(body) });
    if (response.status === 401) requestSignIn();
    if (!response.ok) throw new ApiError(response.status, typeof data?.error === 'string' ? data.error : `${response.status}`);
    return data;
  } finally {
    for (const record of batch) sync.inFlight.delete(keyOf(record));
  }
}

/**
 * A push that got no decision; resolves to whether to push again at once. A body the server (or
 * a proxy before it) cannot take (413, 400, 422) decided nothing: the batch is halved until the
 * mutation it cannot take is alone, and that one, refused a second time, is set aside as refused
 * (its later ones numbered one lower). A 403 is said in the pill; anything else is tried again later.
 */
async function pushRefused(batch, error) {
  // Another person's client id (signed in as someone else in this profile): sync as a new one.
  if (error.status === 403 && String(error.detail ?? '').startsWith('client id ') && await switchClient(batch[0].clientID)) return true;
  if ([400, 413, 422].includes(error.status)) {
    if (batch.length > 1) {
      const bytes = batch.reduce((sum, record) => sum + wireBytes(record), 0);
      sync.pushLimit = {
        count: Math.max(1, Math.floor(batch.length / 2)),
        bytes: Math.max(1, Math.min(sync.pushLimit.bytes, Math.floor(bytes / 2))),
      };
      return true;
    }
    const [record] = batch;
    if (!sync.rejectedOnce.has(keyOf(record))) {
      sync.rejectedOnce.add(keyOf(record));
      return true;
    }
    const refusal = { error: error.detail || error.message, conflict: false };
    if (await sync.outbox.takeOut(record, { refusal: isUndoRedo(record) ? null : refusal, evenSent: true, tabID: sync.tabID })) {
      sync.rejectedOnce.delete(keyOf(record));
      await reloadOutbox();
      if (isUndoRedo(record)) undoDecided(record, refusal);
      else if (!sync.waiters.has(keyOf(record))) announce(refusalSentence({ ...record, ...refusal, notDecided: true }));
      announceDecision(record, { status: 'refused', ...refusal, notDecided: true });
      outboxChanged();
      return true;
    }
  }
  sync.pushFailed = true;
  sync.pushForbidden = error.status === 403 ? (error.detail || error.message) : null;
  for (const record of batch) announceDecision(record, null);
  renderSyncStatus();
  retryPushLater();
  return false;
}

/**
 * Takes the server's answer to a push: applied mutations stay in the outbox, marked, until a
 * board loaded has their events; refused ones stay, marked, for the user to decide; those decided
 * earlier (`duplicate`: a lost answer) are looked up with a pull; a gap (`outOfOrder`) numbers the
 * undecided ones from the one the server expects. Resolves to 'decided' (something was),
 * 'renumbered' (push again at once) or 'nothing'.
 */
async function takeAnswer(answer, batch) {
  const clientID = batch[0].clientID;
  const byID = new Map(batch.map((record) => [record.id, record]));
  const applied = [];
  const refused = [];
  const duplicates = [];
  let reused = false;
  let outOfOrder = false;
  let expected = null;
  for (const result of Array.isArray(answer?.results) ? answer.results : []) {
    const record = result && typeof result === 'object' ? byID.get(Number(result.id)) : null;
    if (!record) continue;
    if (result.status === 'applied') applied.push(record);
    else if (result.status === 'refused') refused.push({ record, ...refusalFrom(result) });
    else if (result.status === 'duplicate') duplicates.push(record);
    else if (result.status === 'reused') reused = true;
    else {
      outOfOrder = true;
      if (Number.isSafeInteger(Number(result.expected))) expected = Number(result.expected);
    }
  }
  if (duplicates.length > 0) {
    // Decided by an earlier push whose answer was lost: the pull lists this client's refusals
    // after the number asked for (at most 10,000: from just before the first of these).
    const refusedAfter = Math.min(...duplicates.map((record) => record.id)) - 1;
    try {
      const { response, data: pulled } = await syncFetch(
        `/api/sync/pull?client=${enc(clientID)}&after=${Number(state.server?.sequence ?? 0)}&refusedAfter=${refusedAfter}&limit=1`,
        { method: 'GET', headers: { Accept: 'application/json' } });
      if (!response.ok) throw new ApiError(response.status);
      const reasons = new Map((pulled?.refused ?? []).map((item) => [Number(item?.id), item]));
      for (const record of duplicates) {
        const reason = reasons.get(record.id);
        if (reason) refused.push({ record, ...refusalFrom(reason) });
        else applied.push(record);
      }
    } catch {
      outOfOrder = true; // undecided for now: sent again later
    }
  }
  const lastID = Number(answer?.lastMutationID);
  if (reused && applied.length + refused.length === 0 && await switchClient(clientID)) return 'renumbered';
  let renumbered = false;
  if (outOfOrder && Number.isSafeInteger(lastID)) {
    // The server misses a number below ours (such as one taken back in a tab that then closed):
    // number the undecided ones, from the lowest, from the one it expects.
    const next = expected ?? lastID + 1;
    const decided = new Set([...applied, ...refused.map((item) => item.record)]);
    const first = undecided().find((record) => record.clientID === clientID && isNumbered(record) && !decided.has(record));
    if (first && first.id > next && !decided.size) renumbered = await sync.outbox.renumber(clientID, next, sync.tabID);
  }
  await decide(clientID, applied, refused, Number(answer?.lastSequence) || 0, Number.isSafeInteger(lastID) ? lastID : null);
  if (renumbered) await reloadOutbox();
  return applied.length + refused.length > 0 ? 'decided' : renumbered ? 'renumbered' : 'nothing';
}

/** Records the server's decisions: `applied` mutations stay marked applied (replayed on top
 * until a board loaded reflects `sequence`); `refused` ones stay, marked, except an undo or
 * redo, whose refusal is said at once (as it was before the outbox), as is its success. */
async function decide(clientID, applied, refused, sequence, decidedThrough = null) {
  const decisions = [
    ...applied.map((record) => ({ record, status: 'applied', sequence, keep: !isUndoRedo(record) })),
    ...refused.map((item) => ({
      record: item.record, status: 'refused', error: item.error, conflict: item.conflict, code: item.code, values: item.values,
      keep: !isUndoRedo(item.record),
    })),
  ];
  if (decisions.length === 0 && decidedThrough == null) return;
  await sync.outbox.settle(clientID, decisions, decidedThrough);
  await reloadOutbox();
  for (const record of applied) {
    if (isUndoRedo(record)) undoDecided(record, null);
    announceDecision(record, { status: 'applied' });
  }
  // A refusal is said here unless something waits for it (a dialog, a keyboard move), which says it.
  const unheard = [];
  for (const item of refused) {
    if (isUndoRedo(item.record)) undoDecided(item.record, item);
    else if (!sync.waiters.has(keyOf(item.record))) unheard.push({ ...item.record, ...item });
    announceDecision(item.record, { status: 'refused', error: item.error, conflict: item.conflict, code: item.code, values: item.values });
  }
  if (unheard.length > 0) announce(unheard.map(refusalSentence).join(' '));
  if (decisions.length > 0) outboxChanged();
  if (applied.length > 0) scheduleRefresh(0);
}

let takingAcks = null;

/** `event: ack`: what a push of this client decided, mutations `from` through `through` (one
 * whose answer this page did not get, such as another tab's): those in `refused` were refused,
 * the others applied. Only that range is decided by it. An ack about a mutation still in this
 * page's push waits for that push to end (its answer decides first). */
async function takeAcks() {
  if (takingAcks) return takingAcks;
  takingAcks = (async () => {
    try {
      await syncReady;
      const waiting = [];
      while (sync.acks.length > 0) {
        const ack = sync.acks.shift();
        const from = Number(ack.from);
        const through = Number(ack.through);
        // A frame without its range (an older server's) decides nothing: the push's answer or a pull does.
        if (!Number.isSafeInteger(from) || !Number.isSafeInteger(through)) continue;
        const inRange = undecided().filter((record) => record.clientID === ack.clientID && isNumbered(record)
          && record.id >= from && record.id <= through);
        if (inRange.some((record) => sync.inFlight.has(keyOf(record)))) {
          waiting.push(ack);
          continue;
        }
        if (inRange.length === 0) continue;
        const reasons = new Map((Array.isArray(ack.refused) ? ack.refused : []).map((item) => [Number(item?.id), item]));
        const refused = inRange.filter((record) => reasons.has(record.id))
          .map((record) => ({ record, ...refusalFrom(reasons.get(record.id)) }));
        await decide(ack.clientID, inRange.filter((record) => !reasons.has(record.id)), refused, Number(ack.lastSequence) || 0, through);
      }
      sync.acks = [...waiting, ...sync.acks].slice(-100);
    } catch (error) {
      console.error('kanban: an ack could not be taken', error);
    } finally {
      takingAcks = null;
    }
  })();
  return takingAcks;
}

/** Forgets `record` (discarded by the user, or taken over by the card dialog). */
async function dropRecord(record) {
  await sync.outbox.remove([record]);
  await reloadOutbox();
  outboxChanged();
}

// ---- The status pill: Live, Reconnecting…, Offline — N changes saved, Syncing N…, Refused

function setConnection(status) {
  connection.state = status;
  renderSyncStatus();
}

/** Says where the page stands with the server, never more than it knows: "Live" only when the
 * stream is open and nothing waits to be sent. */
function renderSyncStatus() {
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
  renderHeader();
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

/** A refusal as the sync answers give it (`{error, conflict, code?, values?}`): the server's
 * line, whether someone else's change stood in the way, and its kind and values (text only). */
function refusalFrom(item) {
  const values = {};
  if (item?.values && typeof item.values === 'object' && !Array.isArray(item.values)) {
    for (const [key, value] of Object.entries(item.values)) if (typeof value === 'string') values[key] = value;
  }
  return { error: String(item?.error ?? ''), conflict: Boolean(item?.conflict), code: typeof item?.code === 'string' ? item.code : null, values };
}

/**
 * Why a change (`refusal`: its record with `{error, conflict, code, values, notDecided}`) was
 * refused, in the page's own words and language, without the protocol's numbers or names; null
 * for a kind the page has no words for (then the server's line is all there is).
 */
function refusalReason(refusal) {
  const values = refusal.values && typeof refusal.values === 'object' ? refusal.values : {};
  const value = (key) => String(values[key] ?? '');
  const title = String(refusal.local?.title ?? values.title ?? refusal.args?.title ?? '');
  const count = (key) => (Number.isSafeInteger(Number(value(key))) ? Number(value(key)) : 0);
  switch (refusal.code) {
    case 'columnFull': return t('reasonColumnFull', { column: value('column'), count: count('limit') });
    case 'editConflict': case 'changedSince': case 'undoConflict':
      return title && value('actor') ? t('reasonChangedBy', { actor: value('actor'), title }) : t('reasonConflict');
    case 'unknownCard': return t('reasonCardGone', { title });
    case 'unknownColumn': return t('reasonColumnGone', { column: value('column') });
    case 'unknownBoard': return t('reasonBoardGone', { board: value('board') });
    case 'titleTooLong': case 'descriptionTooLong': case 'nameTooLong': return t('reasonTooLong', { count: count('maximum') });
    case 'emptyTitle': case 'emptyName': return t('reasonEmpty');
    case 'notYourComment': return t('reasonNotYourComment', { author: value('author') });
    case 'duplicateBoard': return t('reasonBoardTaken', { board: value('board') });
    case 'duplicateColumn': return t('reasonColumnTaken', { column: value('column') });
    case 'nothingToUndo': case 'nothingToRedo': return t('reasonNothingToUndo');
    default:
      if (refusal.notDecided) return t('reasonNotTaken');
      return refusal.conflict ? t('reasonConflict') : null;
  }
}

/** The reason line of a refusal: the page's words, else the page's sentence and the server's line. */
function refusalReasonLine(refusal) {
  const line = el('p', { class: 'refused-reason' });
  showErrorIn(line, refusalError(refusal));
  return line;
}

/** A refusal as an error to show where the change was made: the page's own sentence when it has
 * words for the kind, else the sentence of its status with the server's line. */
function refusalError(refusal) {
  const error = new ApiError(refusal.conflict ? 409 : 422, refusal.error ?? '');
  const reason = refusalReason(refusal);
  if (reason) {
    error.message = reason;
    error.detail = '';
  } else if (!refusal.conflict && !refusal.notDecided) {
    error.message = t('errorRefused');
  }
  return error;
}

/** What a screen reader hears of a refusal: what was not applied, and why. */
function refusalSentence(refusal) {
  const error = refusalError(refusal);
  return [t('notApplied', { change: describeChange(refusal) }), error.message, errorDetail(error)].filter(Boolean).join(' ');
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
function renderRefusalNotices() {
  const byColumn = new Map();
  if (!state.past) {
    for (const record of refusedRecords()) {
      const column = refusalColumn(record);
      if (column != null) byColumn.set(column, [record, ...(byColumn.get(column) ?? [])]);
    }
  }
  for (const [name, kept] of columnElements) {
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
// Formatting

function dueDate(due) {
  if (typeof due !== 'string') return null;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(due);
  if (dateOnly) return { date: new Date(+dateOnly[1], +dateOnly[2] - 1, +dateOnly[3], 23, 59, 59), dateOnly: true };
  const date = new Date(due);
  return Number.isNaN(date.getTime()) ? null : { date, dateOnly: false };
}

function formatDue(due) {
  const parsed = dueDate(due);
  if (!parsed) return String(due);
  const { date, dateOnly } = parsed;
  const options = { month: 'short', day: 'numeric' };
  if (date.getFullYear() !== new Date().getFullYear()) options.year = 'numeric';
  if (!dateOnly) Object.assign(options, { hour: 'numeric', minute: '2-digit' });
  return new Intl.DateTimeFormat(state.lang, options).format(date);
}

/** Whether a card not yet overdue comes due within a day. */
function dueSoon(due) {
  const parsed = dueDate(due);
  if (!parsed) return false;
  const left = parsed.date.getTime() - Date.now();
  return left >= 0 && left <= 24 * 3600 * 1000;
}

function formatTime(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso ?? '');
  return new Intl.DateTimeFormat(state.lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

function formatRelative(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = (date.getTime() - Date.now()) / 1000;
  const format = new Intl.RelativeTimeFormat(state.lang, { numeric: 'auto' });
  const steps = [[60, 'second'], [3600, 'minute'], [86400, 'hour'], [604800, 'day'], [2629800, 'week'], [31557600, 'month']];
  let unit = 'year';
  let divisor = 31557600;
  let previous = 1;
  for (const [limit, name] of steps) {
    if (Math.abs(seconds) < limit) {
      unit = name;
      divisor = previous;
      break;
    }
    previous = limit;
  }
  return format.format(Math.round(seconds / divisor), unit);
}

const number = (value) => new Intl.NumberFormat(state.lang).format(value);

// ---------------------------------------------------------------------------------------------
// Rendering

/** How long the last renders took (ms, newest last), read by the page benchmark
 * (scripts/bench/page.py). */
const renderTimes = [];
window.kanbanRenderTimes = renderTimes;

function render() {
  const started = performance.now();
  syncAddress(false);
  renderHeader();
  renderDueBanner();
  renderTimebar();
  renderPastBanner();
  renderFilters(state.past ? state.past.view : state.live);
  if (state.past) renderBoard(state.past.view, true);
  else renderBoard(state.live, false);
  refreshBoardDetails();
  renderTimes.push(performance.now() - started);
  if (window.kanbanBoardShownAt == null && document.querySelector('#board .card')) window.kanbanBoardShownAt = performance.now();
  if (renderTimes.length > 100) renderTimes.shift();
}

function renderHeader() {
  const select = $('#board-select');
  const labels = state.boards.map((board) => {
    const count = board.cards ?? (board.columns ?? []).reduce((sum, column) => sum + (column.count ?? 0), 0);
    return [board.name, `${board.name} (${number(count)})`];
  });
  // The options are made again only when a board or a count changed: one being chosen stays.
  const current = [...select.options].map((option) => [option.value, option.textContent]);
  if (JSON.stringify(current) !== JSON.stringify(labels)) {
    select.replaceChildren(...labels.map(([value, text]) => el('option', { value }, text)));
  }
  for (const option of select.options) option.selected = option.value === state.boardName;
  select.disabled = labels.length === 0;
  $('#board-menu-button').disabled = !state.boardName;

  // Undo offers this person's newest change not yet on the server first, then the server's undo.
  const undoButton = $('#undo-button');
  const redoButton = $('#redo-button');
  const own = lastOwnChange();
  const undoAction = own ? describeChange(own) : state.undo.undo?.action;
  const localRedo = sync.redoable[sync.redoable.length - 1];
  const redoAction = localRedo ? describeChange(localRedo) : state.undo.redo?.action;
  undoButton.disabled = !undoAction;
  redoButton.disabled = !redoAction;
  undoButton.title = undoAction ? t('undoWhat', { action: undoAction }) : t('nothingToUndo');
  redoButton.title = redoAction ? t('redoWhat', { action: redoAction }) : t('nothingToRedo');
  // Signed in with a token, the page says who the server takes this person for.
  const actorButton = $('#actor-button');
  const shownName = state.tokens ? state.sessionActor ?? '' : state.actor ?? t('setName');
  if ($('#actor-name').textContent !== shownName) $('#actor-name').textContent = shownName;
  actorButton.hidden = Boolean(state.tokens) && !state.sessionActor;
  actorButton.title = state.tokens ? t('signedInAs', { name: state.sessionActor ?? '' }) : t('changeName');
  actorButton.setAttribute('aria-label', actorButton.title);
  if (state.tokens) actorButton.setAttribute('aria-haspopup', 'menu');
  else actorButton.removeAttribute('aria-haspopup');
  $('#history-button').disabled = !state.boardName;
  $('#deleted-button').disabled = !state.boardName;
  $('#flow-button').disabled = !state.boardName;
  $('#history-button').setAttribute('aria-expanded', String(state.panel?.kind === 'history'));
  $('#deleted-button').setAttribute('aria-expanded', String(state.panel?.kind === 'deleted'));
  document.title = state.boardName ? `${state.boardName} · kanban` : 'kanban';
}

function renderBoard(view, readOnly) {
  const board = $('#board');
  const focused = focusKey();
  const scrollLeft = board.scrollLeft;
  const listScroll = new Map($$('.column', board).map((column) => [column.dataset.column, $('.cards', column)?.scrollTop ?? 0]));

  board.classList.toggle('read-only', readOnly);
  board.classList.toggle('filtered', filterActive());
  board.dataset.sequence = String((readOnly ? state.past?.sequence : view?.sequence) ?? '');
  board.setAttribute('aria-readonly', String(readOnly));
  if (!state.loaded) {
    board.replaceChildren(el('p', { class: 'board-message' }, t('loading')));
    return;
  }
  if (!state.boardName) {
    const create = el('button', { type: 'button', class: 'primary' }, icon('plus'), t('newBoard'));
    create.addEventListener('click', newBoard);
    board.replaceChildren(el('div', { class: 'board-message' }, el('p', {}, t('noBoards')), create));
    return;
  }
  if (!view) {
    const text = readOnly && state.past?.missing ? t('boardMissingThen', { sequence: state.past.sequence }) : t('loading');
    board.replaceChildren(el('p', { class: 'board-message' }, text));
    return;
  }
  const columns = Array.isArray(view.columns) ? view.columns : [];
  labelColours = labelColourMap(view);
  const seen = { cards: new Set(), columns: new Set() };
  const nodes = columns.map((column, index) => renderColumn(column, index, columns.length, readOnly, seen));
  if (!readOnly) nodes.push(addColumnButton());
  prune(cardElements, seen.cards);
  prune(columnElements, seen.columns);
  // Kept columns and cards stay in place (their scroll positions and the focus with them); only
  // what changed is moved, added or removed. A scroll position is written back only where an
  // element is new: writing one forces a layout of the whole board.
  const fresh = nodes.filter((node) => node.parentNode !== board);
  reconcile(board, nodes);
  renderRefusalNotices();
  if (fresh.length > 0 && board.scrollLeft !== scrollLeft) board.scrollLeft = scrollLeft;
  for (const column of fresh) {
    const list = column.classList?.contains('column') ? $('.cards', column) : null;
    const top = listScroll.get(column.dataset?.column);
    if (list && top) list.scrollTop = top;
  }
  restoreFocus(focused);
}

/** Makes `parent`'s children exactly `nodes`, in order, touching only those out of place:
 * children not wanted are removed, wanted ones moved or inserted where they belong. */
function reconcile(parent, nodes) {
  const wanted = new Set(nodes);
  let current = parent.firstChild;
  for (const node of nodes) {
    while (current && current !== node && !wanted.has(current)) {
      const next = current.nextSibling;
      current.remove();
      current = next;
    }
    if (current === node) {
      current = current.nextSibling;
    } else {
      parent.insertBefore(node, current);
    }
  }
  while (current) {
    const next = current.nextSibling;
    current.remove();
    current = next;
  }
}

/** The elements of cards (by id) and columns (by name) last rendered, each with the signature
 * of what it shows: a render reuses an element whose signature is unchanged, so a remote change
 * touches only the cards and columns it changed. */
const cardElements = new Map();
const columnElements = new Map();
let addColumnElement = null;

/** Forgets the kept elements a render did not use. */
function prune(kept, used) {
  for (const key of kept.keys()) if (!used.has(key)) kept.delete(key);
}

/** Whether `children` (a live HTMLCollection) are exactly `nodes`, in order. */
function sameNodes(children, nodes) {
  if (children.length !== nodes.length) return false;
  for (let index = 0; index < nodes.length; index += 1) if (children[index] !== nodes[index]) return false;
  return true;
}

/** The "Add column" button, made once. */
function addColumnButton() {
  if (!addColumnElement || addColumnElement.dataset.lang !== state.lang) {
    addColumnElement = el('button', { type: 'button', class: 'add-column', 'data-lang': state.lang }, icon('plus'), t('addColumn'));
    addColumnElement.addEventListener('click', addColumn);
  }
  return addColumnElement;
}

/** What has the focus on the board, so a re-render can give it back: a card, or a column's control. */
function focusKey() {
  const active = document.activeElement;
  if (!active || !$('#board').contains(active)) return null;
  const card = active.closest('.card');
  if (card) return { card: card.dataset.id };
  const column = active.closest('.column')?.dataset.column;
  const control = ['add-card', 'column-menu-button', 'column-collapse'].find((name) => active.classList.contains(name));
  return column != null && control ? { column, control } : null;
}

/** Focuses again what `focusKey` named, when the new render still has it. */
function restoreFocus(key) {
  if (!key || $('#board').contains(document.activeElement)) return;
  if (key.card) focusCard(key.card);
  else columnElement(key.column)?.querySelector(`.${key.control}`)?.focus({ preventScroll: true });
}

function renderColumn(column, index, total, readOnly, seen) {
  const all = Array.isArray(column.cards) ? column.cards : [];
  // The server never calls a card in the last column overdue (it is done); nor is it "due soon".
  const finished = index === total - 1;
  const cards = filterActive() ? all.filter((card) => cardMatches(card, finished || readOnly)) : all;
  const collapsed = isCollapsed(column.name);
  // A long column shows its first cards and a button for more: the page never holds thousands
  // of card elements it would have to style and lay out on every drag.
  const limit = shownLimit(column.name);
  const shown = collapsed ? [] : cards.slice(0, limit);
  const items = shown.map((card) => cardElement(card, column.name, readOnly, readOnly || finished, seen.cards));
  const hidden = collapsed ? 0 : cards.length - shown.length;
  seen.columns.add(column.name);
  // Counts are not part of the signature: a card added or moved updates the count in place.
  const signature = JSON.stringify([column.name, index, total, collapsed, readOnly, filterActive(), state.lang]);
  const wipLimit = Number.isInteger(column.limit) ? column.limit : null;
  const over = wipLimit != null && all.length > wipLimit;
  const countId = `column-${index}-count`;
  const kept = columnElements.get(column.name);
  if (kept && kept.signature === signature) {
    const count = columnCount(cards.length, all.length, wipLimit, countId);
    if (count.textContent !== kept.count.textContent || count.title !== kept.count.title) {
      kept.count.replaceWith(count);
      kept.count = count;
    }
    if (kept.section.classList.contains('over-limit') !== over) kept.section.classList.toggle('over-limit', over);
    if (kept.list) fillList(kept.list, items, column.name, readOnly, all.length);
    if (kept.more) updateMoreButton(kept.more, hidden);
    return kept.section;
  }
  const headingId = `column-${index}-name`;
  // The count says how the column stands against its limit: the column's description.
  const section = el('section', {
    class: `column${collapsed ? ' collapsed' : ''}${over ? ' over-limit' : ''}`, 'data-column': column.name,
    'aria-labelledby': headingId, 'aria-describedby': countId,
  });
  const header = el('header', { class: 'column-header', title: readOnly || collapsed ? null : t('dragColumnHint') });
  const count = columnCount(cards.length, all.length, wipLimit, countId);
  header.append(collapseButton(column.name, collapsed), el('h2', { class: 'column-name', id: headingId }, column.name), count);
  section.append(header);
  let list = null;
  let more = null;
  if (!collapsed) {
    if (!readOnly) header.append(columnMenuButton(column, index, total));
    list = el('ol', { class: 'cards', 'aria-labelledby': headingId });
    fillList(list, items, column.name, readOnly, all.length);
    section.append(list);
    more = el('button', { type: 'button', class: 'link-button show-more-cards' });
    more.addEventListener('click', () => {
      shownLimits.set(limitKey(column.name), shownLimit(column.name) + SHOWN_STEP);
      render();
    });
    updateMoreButton(more, hidden);
    section.append(more);
    if (!readOnly) {
      const add = el('button', { type: 'button', class: 'add-card' }, icon('plus'), t('addCard'));
      add.addEventListener('click', () => openCardDialog({ column: column.name }));
      section.append(add);
    }
  }
  columnElements.set(column.name, { signature, section, list, count, more });
  return section;
}

/** Puts `items` (card elements) in `list` unless it holds them already, or the empty-column
 * line; one card of the column is a Tab stop (the one last focused, else the first), the
 * others are reached with the arrow keys. */
function fillList(list, items, columnName, readOnly, count) {
  let nodes = items;
  if (items.length === 0) {
    const empty = filterActive() && count > 0 ? t('noMatches') : readOnly ? '' : t('dropHere');
    const current = list.firstElementChild;
    const line = current?.classList.contains('empty-column') && current.textContent === empty
      ? current : el('li', { class: 'empty-column', 'aria-hidden': filterActive() ? null : 'true' }, empty);
    nodes = [line];
  }
  if (!sameNodes(list.children, nodes)) reconcile(list, nodes);
  const stop = items.find((item) => item.dataset.id === tabStops.get(columnName)) ?? items[0];
  for (const item of items) {
    const value = item === stop ? '0' : '-1';
    if (item.getAttribute('tabindex') !== value) item.setAttribute('tabindex', value);
  }
}

/** The card each column offers as its Tab stop: the one focused last. */
const tabStops = new Map();

/** Card `card`'s element: the kept one when it shows the same, else a new one. */
function cardElement(card, columnName, readOnly, calm, seen) {
  seen.add(card.id);
  const soon = Boolean(card.due) && !calm && !card.overdue && !card.dueDone && dueSoon(card.due);
  const signature = `${card.title}\u0000${card.description}\u0000${card.due}\u0000${card.overdue}${soon}${readOnly}${calm}${Boolean(card.pending)}\u0000${columnName}\u0000${state.lang}${detailSignature(card)}`;
  const kept = cardElements.get(card.id);
  if (kept && kept.signature === signature) return kept.element;
  const element = renderCard(card, columnName, readOnly, calm);
  cardElements.set(card.id, { signature, element });
  return element;
}

/** What a card shows of its details, for its signature: '' for a card with none (most). A
 * label's colour is in it, so recolouring a board's label redraws the cards that carry it. */
function detailSignature(card) {
  if (!card.assignees && !card.labels && !card.dueDone && !card.checklist && !card.comments && !card.links) return '';
  return `\u0000${JSON.stringify([card.assignees, card.labels?.map((name) => [name, labelColourOf(name)]), card.dueDone,
    card.checklist?.done, card.checklist?.total, card.comments, card.links])}`;
}

/** How many cards a long column shows at first, and how many more each press of its button adds. */
const SHOWN_STEP = 200;
/** The cards shown of each long column, by board and column, beyond the first SHOWN_STEP. */
const shownLimits = new Map();
const limitKey = (column) => `${state.boardName}\u0000${column}`;
const shownLimit = (column) => shownLimits.get(limitKey(column)) ?? SHOWN_STEP;

/** Shows `button` as "Show N more (M hidden)" while `hidden` cards are not shown, else hides it. */
function updateMoreButton(button, hidden) {
  button.hidden = hidden <= 0;
  if (hidden <= 0) return;
  const text = t('showMoreCards', { count: number(Math.min(hidden, SHOWN_STEP)), hidden: number(hidden) });
  if (button.textContent !== text) button.textContent = text;
}

/** Makes card `id` of the live board shown when its column shows fewer cards than its place. */
function revealCard(id) {
  for (const column of state.live?.columns ?? []) {
    const index = (column.cards ?? []).findIndex((card) => card.id === id);
    if (index >= shownLimit(column.name)) {
      shownLimits.set(limitKey(column.name), Math.ceil((index + 1) / SHOWN_STEP) * SHOWN_STEP);
      render();
    }
    if (index >= 0) return;
  }
}

/** How many cards column `name` of the board shown holds now. */
function cardCountOf(name) {
  const column = (state.live?.columns ?? []).find((candidate) => candidate.name === name);
  return Array.isArray(column?.cards) ? column.cards.length : 0;
}

/** The card count in a column's header: "shown / all" while a filter hides some, else "count /
 * limit" when the column has a work in progress limit; over the limit it is marked, in words
 * too (a hidden sentence, read as the column's description). */
function columnCount(shown, count, limit, id) {
  const filtered = filterActive() && shown !== count;
  const over = limit != null && count > limit;
  let label = filtered ? t('cardCountFiltered', { shown, count }) : t('cardCount', { count });
  if (limit != null) label = t(over ? 'cardCountOverLimit' : 'cardCountLimit', { cards: label, limit });
  const text = filtered ? `${number(shown)} / ${number(count)}` : limit != null ? `${number(count)} / ${number(limit)}` : number(count);
  return el('span', { class: `column-count${over ? ' over-limit' : ''}`, id, title: label },
    over ? icon('alert') : null,
    el('span', { 'aria-hidden': 'true' }, text),
    el('span', { class: 'visually-hidden' }, label));
}

/** Column `name`'s work in progress limit on the board shown, or null. */
function columnLimitOf(name) {
  const column = (state.live?.columns ?? []).find((candidate) => candidate.name === name);
  return Number.isInteger(column?.limit) ? column.limit : null;
}

/** The button folding a column to a narrow strip and back (remembered per board). */
function collapseButton(name, collapsed) {
  const label = t(collapsed ? 'expandColumn' : 'collapseColumn', { name });
  const button = el('button', {
    type: 'button', class: 'icon-button column-collapse', 'aria-expanded': String(!collapsed), 'aria-label': label, title: label,
  }, icon('chevron'));
  button.addEventListener('click', () => toggleCollapsed(name));
  return button;
}

/** The "…" button of a column and its menu. */
function columnMenuButton(column, index, total) {
  const menuButton = el('button', {
    type: 'button', class: 'icon-button column-menu-button', 'aria-haspopup': 'menu', 'aria-expanded': 'false',
    'aria-label': t('columnActions', { name: column.name }), title: t('columnActions', { name: column.name }),
  }, icon('more'));
  menuButton.addEventListener('click', () => openMenu(menuButton, [
    { label: t('addCardHere'), run: () => openCardDialog({ column: column.name }) },
    { label: t('renameColumn'), run: () => renameColumn(column.name) },
    { label: t('moveColumnLeft'), disabled: index === 0, run: () => moveColumn(column.name, index - 1) },
    { label: t('moveColumnRight'), disabled: index === total - 1, run: () => moveColumn(column.name, index + 1) },
    { label: columnLimitOf(column.name) != null ? t('changeColumnLimit', { limit: columnLimitOf(column.name) }) : t('setColumnLimit'),
      run: () => setColumnLimit(column.name) },
    { label: t('removeColumn'), danger: true, run: () => removeColumn(column.name, cardCountOf(column.name)) },
  ]));
  return menuButton;
}

/** A card; `calm` leaves out the "due soon" mark (a done card, or a look at the past). A card
 * with a change not yet on the server is marked `pending`, and says so. */
function renderCard(card, columnName, readOnly, calm) {
  const soon = !calm && !card.overdue && !card.dueDone && dueSoon(card.due);
  const classes = ['card'];
  if (card.overdue) classes.push('overdue');
  else if (soon) classes.push('due-soon');
  if (card.pending) classes.push('pending');
  const label = cardLabel(card, columnName, soon);
  const item = el('li', {
    class: classes.join(' '), 'data-id': card.id, tabindex: '-1',
    'aria-label': card.pending ? t('cardLabelPending', { label }) : label,
    'aria-describedby': readOnly ? null : 'card-hint',
    title: card.pending ? t('pendingCardHint') : null,
  });
  // What the card carries is said by its name (cardLabel): the chips and counts are for the eye.
  const labels = Array.isArray(card.labels) ? card.labels : [];
  if (labels.length > 0) {
    item.append(el('ul', { class: 'card-labels', 'aria-hidden': 'true' },
      ...labels.map((name) => el('li', { class: labelChipClass(labelColourOf(name)) }, String(name)))));
  }
  item.append(el('p', { class: 'card-title' }, String(card.title ?? '')));
  if (card.description) {
    // Links in a card's preview are not Tab stops of the board; the card's dialog has them.
    item.append(el('div', { class: 'card-description markdown' }, ...markdown(String(card.description), { tabStops: false })));
  }
  const meta = [];
  if (card.due) {
    const due = el('span', { class: `due${card.dueDone ? ' done' : ''}` }, icon('clock'), el('span', {}, formatDue(card.due)));
    if (card.dueDone) due.append(el('span', { class: 'due-flag' }, `✓ ${t('dueDoneShort')}`));
    else if (card.overdue) due.append(el('span', { class: 'due-flag' }, t('overdue')));
    meta.push(due);
  }
  const checklist = card.checklist;
  if (checklist?.total > 0) {
    const complete = checklist.done >= checklist.total;
    meta.push(el('span', { class: `badge checklist-progress${complete ? ' complete' : ''}`, title: t('checklistProgress', checklist) },
      icon('check'), `${number(checklist.done)}/${number(checklist.total)}`));
  }
  if (card.comments > 0) {
    meta.push(el('span', { class: 'badge comment-count', title: t('commentCount', { count: card.comments }) }, icon('comment'), number(card.comments)));
  }
  if (card.links > 0) {
    meta.push(el('span', { class: 'badge link-count', title: t('linkCount', { count: card.links }) }, icon('link'), number(card.links)));
  }
  const assignees = Array.isArray(card.assignees) ? card.assignees : [];
  if (assignees.length > 0) {
    meta.push(el('span', { class: 'assignees' },
      ...assignees.map((name) => el('span', { class: 'avatar', title: String(name) }, initials(name)))));
  }
  if (meta.length > 0) item.append(el('div', { class: 'card-meta', 'aria-hidden': 'true' }, ...meta));
  return item;
}

/** A card's accessible name: its title, its column and its due state, then what it carries
 * (labels, assignees, checklist progress, comments, links). */
function cardLabel(card, column, soon) {
  const title = String(card.title ?? '');
  let name;
  if (!card.due) {
    name = t('cardLabel', { title, column });
  } else {
    const when = formatDue(card.due);
    const key = card.dueDone ? 'cardLabelDueDone' : card.overdue ? 'cardLabelOverdue' : soon ? 'cardLabelSoon' : 'cardLabelDue';
    name = t(key, { title, column, when });
  }
  const parts = [name];
  const list = (names) => listFormat().format(names.map(String));
  if (card.labels?.length) parts.push(t('cardLabelLabels', { count: card.labels.length, labels: list(card.labels) }));
  if (card.assignees?.length) parts.push(t('cardLabelAssignees', { names: list(card.assignees) }));
  if (card.checklist?.total > 0) parts.push(t('checklistProgress', card.checklist));
  if (card.comments > 0) parts.push(t('commentCount', { count: card.comments }));
  if (card.links > 0) parts.push(t('linkCount', { count: card.links }));
  return parts.join(t('listSeparator'));
}

/** "A, B and C" in the page's language (made once per language). */
let listFormatter = null;
function listFormat() {
  if (listFormatter?.lang !== state.lang) listFormatter = { lang: state.lang, formatter: new Intl.ListFormat(state.lang, { type: 'conjunction' }) };
  return listFormatter.formatter;
}

/** A person's initials for their chip on a card: the first letters of the first and last words
 * (a part in brackets left out), or the first two letters of a one-word Hangul or CJK name. */
function initials(name) {
  const words = String(name ?? '').replace(/\([^)]*\)/g, ' ').split(/[\s._-]+/u)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, '')).filter(Boolean);
  if (words.length === 0) return [...String(name ?? '?').trim()][0] ?? '?';
  const first = [...words[0]];
  if (words.length === 1) {
    return /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(first[0])
      ? first.slice(0, 2).join('') : first[0].toLocaleUpperCase(state.lang);
  }
  return (first[0] + [...words[words.length - 1]][0]).toLocaleUpperCase(state.lang);
}

/** The label colours a board may give (the server's list); anything else shows grey. */
const LABEL_COLOURS = new Set(['green', 'yellow', 'orange', 'red', 'purple', 'blue', 'sky', 'lime', 'pink', 'black', 'grey']);

/** The colours of the board shown's labels, by folded name (set by each render of the board). */
let labelColours = new Map();

function labelColourMap(view) {
  return new Map((Array.isArray(view?.labels) ? view.labels : []).map((label) => [fold(label?.name), String(label?.colour ?? '')]));
}

/** The colour of label `name` on the board shown: its board label's, else grey (not made). */
const labelColourOf = (name) => labelColours.get(fold(name)) ?? 'grey';

/** A label chip's classes: the colour as a class, from the known set only. */
const labelChipClass = (colour) => `label-chip label-${LABEL_COLOURS.has(colour) ? colour : 'grey'}`;

function focusCard(id) {
  const card = $$('#board .card').find((candidate) => candidate.dataset.id === id);
  if (card) card.focus({ preventScroll: false });
  return card;
}

function renderTimebar() {
  const slider = $('#time-slider');
  slider.max = String(state.latest);
  slider.disabled = !state.boardName || state.latest === 0;
  if (!state.past && !sliderHeld) slider.value = String(state.latest);
  const shown = state.past ? state.past.sequence : state.latest;
  const label = state.past ? `#${number(shown)}` : t('now');
  $('#time-label').textContent = label;
  slider.setAttribute('aria-valuetext', state.past ? t('asOf', { sequence: number(shown) }) : t('now'));
  slider.setAttribute('aria-label', t('timeSliderLabel'));
}

function renderPastBanner() {
  const banner = $('#past-banner');
  banner.hidden = !state.past;
  document.body.classList.toggle('viewing-past', Boolean(state.past));
  if (!state.past) return;
  const time = state.past.time ? formatTime(state.past.time) : '…';
  $('#past-text').textContent = t('pastBanner', { sequence: number(state.past.sequence), time });
  $('#restore-button').disabled = !state.past.view;
}

// ---------------------------------------------------------------------------------------------
// Markdown in descriptions: a safe subset, built as DOM nodes (the text is never parsed as HTML)

/** The schemes a description's link may use; a link to anything else stays text. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** Inline marks: `code`, **bold**, *italic* or _italic_, [text](url), and a bare http(s) URL. */
const INLINE_MARKS = new RegExp([
  /`([^`\n]+)`/.source,
  /\*\*(?=\S)([^]*?\S)\*\*/.source,
  /(?<![\w*])\*([^\s*](?:[^*]*?[^\s*])?)\*(?!\*)/.source,
  /(?<![\w_])_([^\s_](?:[^_]*?[^\s_])?)_(?![\w_])/.source,
  /\[([^\]\n]+)\]\(\s*([^()\s]+)\s*\)/.source,
  /(https?:\/\/[^\s<>]*[^\s<>.,;:!?'")\]*_])/.source,
].join('|'), 'g');

/** `href` when it is an absolute http(s) or mailto URL, else null. */
function safeHref(href) {
  try {
    const url = new URL(href);
    return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** A list item's marker: `- `, `* `, `+ ` or `1. ` / `1) `; null for other lines. */
function listItem(line) {
  const bullet = /^ {0,3}[-*+]\s+(.*)$/.exec(line);
  if (bullet) return { ordered: false, text: bullet[1] };
  const numbered = /^ {0,3}(\d{1,9})[.)]\s+(.*)$/.exec(line);
  return numbered ? { ordered: true, start: Number(numbered[1]), text: numbered[2] } : null;
}

/** A code fence's opening (` ``` ` or `~~~`, three or more); null for other lines. */
const fenceOf = (line) => /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1] ?? null;

/**
 * The nodes `text` shows as: paragraphs (a line break stays a line break), bullet and numbered
 * lists, fenced code blocks, and inline marks. `tabStops: false` keeps its links out of the Tab
 * order (a card's preview: the card's dialog has them).
 */
function markdown(text, { tabStops = true } = {}) {
  const lines = String(text ?? '').replace(/\r\n?/g, '\n').split('\n');
  const blocks = [];
  let at = 0;
  while (at < lines.length) {
    const line = lines[at];
    const fence = fenceOf(line);
    if (fence) {
      const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
      const code = [];
      for (at++; at < lines.length && !closing.test(lines[at]); at++) code.push(lines[at]);
      at++; // the closing fence (a block left open runs to the end)
      blocks.push(el('pre', {}, el('code', {}, code.join('\n'))));
    } else if (listItem(line)) {
      const first = listItem(line);
      const list = el(first.ordered ? 'ol' : 'ul', first.ordered && first.start !== 1 ? { start: first.start } : {});
      for (; at < lines.length; at++) {
        const item = listItem(lines[at]);
        if (item && item.ordered === first.ordered) list.append(el('li', {}, ...inlineMarks(item.text, tabStops)));
        else if (!item && /^\s{2,}\S/.test(lines[at])) list.lastChild.append(el('br'), ...inlineMarks(lines[at].trim(), tabStops));
        else break;
      }
      blocks.push(list);
    } else if (line.trim() === '') {
      at++;
    } else {
      const paragraph = el('p');
      for (; at < lines.length && lines[at].trim() !== '' && !listItem(lines[at]) && !fenceOf(lines[at]); at++) {
        if (paragraph.firstChild) paragraph.append(el('br'));
        paragraph.append(...inlineMarks(lines[at], tabStops));
      }
      blocks.push(paragraph);
    }
  }
  return blocks;
}

/** The nodes of one line's inline marks; the rest stays text. `links: false` inside a link's text. */
function inlineMarks(text, tabStops, links = true) {
  const nodes = [];
  let last = 0;
  for (const match of text.matchAll(INLINE_MARKS)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    nodes.push(inlineMark(match, tabStops, links));
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** The node of one inline mark matched by `INLINE_MARKS`. */
function inlineMark(match, tabStops, links) {
  const [whole, code, bold, star, underscore, label, target, bare] = match;
  if (code != null) return el('code', {}, code);
  if (bold != null) return el('strong', {}, ...inlineMarks(bold, tabStops, links));
  if (star != null || underscore != null) return el('em', {}, ...inlineMarks(star ?? underscore, tabStops, links));
  const href = links ? safeHref(label != null ? target : bare) : null;
  if (!href) return label != null ? `[${label}](${target})` : whole;
  return el('a', { href, rel: 'noopener noreferrer', target: '_blank', tabindex: tabStops ? null : '-1' },
    ...(label != null ? inlineMarks(label, tabStops, false) : [bare]));
}

// ---------------------------------------------------------------------------------------------
// Search, the due, member and label filters, and folded columns

/** Whether the search box or a filter narrows the cards shown. */
const filterActive = () => state.filter.text.trim() !== '' || state.filter.due !== '' || state.filter.member !== '' || state.filter.label !== '';

/** Text folded for matching: Unicode-normalised and lower-cased (Hangul has no case and stays). */
const fold = (text) => String(text ?? '').normalize('NFKC').toLocaleLowerCase();

/** Whether `card` passes the filter; `calm`: in the last column or the past (never "due soon"). */
function cardMatches(card, calm) {
  const needle = fold(state.filter.text.trim());
  const assignees = Array.isArray(card.assignees) ? card.assignees : [];
  const labels = Array.isArray(card.labels) ? card.labels : [];
  if (needle && !fold([card.title ?? '', card.description ?? '', ...assignees, ...labels].join('\n')).includes(needle)) return false;
  if (state.filter.member && !assignees.includes(state.filter.member)) return false;
  if (state.filter.label && !labels.some((label) => sameName(label, state.filter.label))) return false;
  switch (state.filter.due) {
    case 'overdue': return Boolean(card.overdue);
    case 'soon': return !calm && !card.overdue && !card.dueDone && dueSoon(card.due);
    case 'none': return !card.due;
    case 'done': return Boolean(card.due) && Boolean(card.dueDone);
    default: return true;
  }
}

/** Fills the member and label filters from the board shown: its members and everyone assigned,
 * its labels and those on cards. The one chosen stays offered (another board may not have it);
 * a filter with nothing to offer is hidden. */
function renderFilters(view) {
  const members = new Set(Array.isArray(view?.members) ? view.members : []);
  const labels = new Map((Array.isArray(view?.labels) ? view.labels : []).map((label) => [fold(label.name), String(label.name)]));
  for (const column of view?.columns ?? []) {
    for (const card of column.cards ?? []) {
      for (const person of card.assignees ?? []) members.add(person);
      for (const label of card.labels ?? []) if (!labels.has(fold(label))) labels.set(fold(label), String(label));
    }
  }
  const byName = (a, b) => a.localeCompare(b, state.lang);
  fillFilter($('#member-filter'), [...members].map(String).sort(byName), state.filter.member, t('memberFilterAll'));
  fillFilter($('#label-filter'), [...labels.values()].sort(byName), state.filter.label, t('labelFilterAll'));
}

function fillFilter(select, names, chosen, anyText) {
  if (chosen && !names.includes(chosen)) names.push(chosen);
  const signature = JSON.stringify([anyText, ...names]);
  if (select.dataset.signature !== signature) {
    select.replaceChildren(el('option', { value: '' }, anyText), ...names.map((name) => el('option', { value: name }, name)));
    select.dataset.signature = signature;
  }
  if (select.value !== chosen) select.value = chosen;
  select.hidden = names.length === 0;
}

let filterTimer = null;

/** Takes the search box and the due filter into the state and redraws (typing is debounced). */
function applyFilter(wait) {
  clearTimeout(filterTimer);
  filterTimer = setTimeout(() => {
    state.filter = {
      text: $('#search-input').value, due: $('#due-filter').value, member: $('#member-filter').value, label: $('#label-filter').value,
    };
    render();
  }, wait);
}

$('#search-input').addEventListener('input', () => applyFilter(80));
$('#due-filter').addEventListener('change', () => applyFilter(0));
$('#member-filter').addEventListener('change', () => applyFilter(0));
$('#label-filter').addEventListener('change', () => applyFilter(0));

/** Folded columns by board name, as kept in the browser. */
let collapsed = readCollapsed();

function readCollapsed() {
  try {
    const value = JSON.parse(storage.get('kanban.collapsed', '{}'));
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

/** Whether column `name` of the board shown is folded. */
const isCollapsed = (name) => Array.isArray(collapsed[state.boardName]) && collapsed[state.boardName].includes(name);

/** Folds or unfolds column `name` and remembers it. */
function toggleCollapsed(name) {
  const names = new Set(Array.isArray(collapsed[state.boardName]) ? collapsed[state.boardName] : []);
  if (names.has(name)) names.delete(name);
  else names.add(name);
  if (names.size > 0) collapsed[state.boardName] = [...names];
  else delete collapsed[state.boardName];
  storage.set('kanban.collapsed', JSON.stringify(collapsed));
  render();
  announce(t(names.has(name) ? 'columnCollapsed' : 'columnExpanded', { name }));
}

// ---------------------------------------------------------------------------------------------
// Toasts, announcements, errors

function announce(text) {
  const region = $('#announcer');
  region.textContent = '';
  requestAnimationFrame(() => { region.textContent = text; });
}

/** Shows a short message at the bottom; `action` adds a button (such as "Undo"); `detail` (the
 * server's own words) goes on a second line and in the tooltip. */
function showToast(message, { action = null, error = false, timeout = 6000, undo = false, detail = '' } = {}) {
  const toast = el('div', { class: `toast${error ? ' toast-error' : ''}`, role: error ? 'alert' : 'status' });
  if (error) toast.append(icon('alert'));
  toast.append(el('span', { class: 'toast-text', title: detail || null }, message,
    detail ? el('span', { class: 'toast-detail' }, detail) : null));
  if (undo) toast.dataset.undo = 'true';
  const close = () => {
    toast.classList.add('leaving');
    setTimeout(() => toast.remove(), 180);
  };
  if (action) {
    const button = el('button', { type: 'button', class: 'toast-action' }, action.label);
    button.addEventListener('click', () => {
      close();
      action.run();
    });
    toast.append(button);
  }
  const dismiss = el('button', { type: 'button', class: 'icon-button toast-close', 'aria-label': t('dismiss') }, icon('close'));
  dismiss.addEventListener('click', close);
  toast.append(dismiss);
  $('#toasts').append(toast);
  while ($('#toasts').childElementCount > 4) $('#toasts').firstElementChild.remove();
  if (timeout) setTimeout(close, timeout);
  return toast;
}

function dismissUndoToasts() {
  for (const toast of $$('#toasts .toast[data-undo]')) toast.remove();
}

function showError(error) {
  const message = error instanceof ApiError ? error.message : String(error?.message ?? error);
  showToast(message, { error: true, timeout: 9000, detail: errorDetail(error) });
  announce([message, errorDetail(error)].filter(Boolean).join(' '));
}

// ---------------------------------------------------------------------------------------------
// Menus

let menuAnchor = null;

/** Opens a small menu of buttons below `anchor`. */
function openMenu(anchor, items) {
  closeMenu();
  const menu = $('#menu');
  menu.replaceChildren(...items.map((item) => {
    const button = el('button', { type: 'button', role: 'menuitem', class: item.danger ? 'danger' : null }, item.label);
    button.disabled = Boolean(item.disabled);
    button.addEventListener('click', () => {
      closeMenu(false);
      item.run();
    });
    return button;
  }));
  menu.hidden = false;
  const rect = anchor.getBoundingClientRect();
  const width = menu.offsetWidth;
  menu.style.left = `${Math.max(8, Math.min(rect.right - width, innerWidth - width - 8))}px`;
  menu.style.top = `${Math.min(rect.bottom + 4, innerHeight - menu.offsetHeight - 8)}px`;
  anchor.setAttribute('aria-expanded', 'true');
  menuAnchor = anchor;
  $('button:not(:disabled)', menu)?.focus();
}

function closeMenu(returnFocus = true) {
  const menu = $('#menu');
  if (menu.hidden) return;
  menu.hidden = true;
  if (menuAnchor) {
    menuAnchor.setAttribute('aria-expanded', 'false');
    if (returnFocus && menuAnchor.isConnected) menuAnchor.focus();
  }
  menuAnchor = null;
}

$('#menu').addEventListener('keydown', (event) => {
  const buttons = $$('#menu button:not(:disabled)');
  const index = buttons.indexOf(document.activeElement);
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    const step = event.key === 'ArrowDown' ? 1 : -1;
    buttons[(index + step + buttons.length) % buttons.length]?.focus();
  } else if (event.key === 'Home' || event.key === 'End') {
    event.preventDefault();
    buttons[event.key === 'Home' ? 0 : buttons.length - 1]?.focus();
  } else if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    closeMenu();
  } else if (event.key === 'Tab') {
    closeMenu(false);
  }
});
document.addEventListener('pointerdown', (event) => {
  if (!$('#menu').hidden && !event.target.closest('#menu') && !menuAnchor?.contains(event.target)) closeMenu(false);
});

// ---------------------------------------------------------------------------------------------
// Dialogs: prompt and confirm

/**
 * Asks for a name (and optionally a second value). `submit(values)` runs the action; when it
 * throws, the dialog stays open and shows the error.
 */
function promptDialog({ title, label, value = '', ok, second = null, check = null, inputMode = null, submit }) {
  const dialog = $('#prompt-dialog');
  const input = $('#prompt-input');
  const secondInput = $('#prompt-input-2');
  $('#prompt-title').textContent = title;
  $('#prompt-label').textContent = label;
  if (inputMode) input.inputMode = inputMode;
  else input.removeAttribute('inputmode');
  $('#prompt-ok').textContent = ok;
  $('#prompt-error').textContent = '';
  input.value = value;
  $('#prompt-second').hidden = !second;
  if (second) {
    $('#prompt-label-2').textContent = second.label;
    $('#prompt-hint-2').textContent = second.hint ?? '';
    secondInput.value = second.value ?? '';
    secondInput.placeholder = second.placeholder ?? '';
  }
  $('#prompt-check-row').hidden = !check;
  if (check) {
    $('#prompt-check-label').textContent = check.label;
    $('#prompt-check').checked = Boolean(check.checked);
  }
  let key = newKey();
  const form = $('#prompt-form');
  form.onsubmit = async (event) => {
    event.preventDefault();
    const okButton = $('#prompt-ok');
    okButton.disabled = true;
    try {
      await submit({ value: input.value, second: secondInput.value, check: $('#prompt-check').checked }, key);
      dialog.close();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 0) key = newKey();
      showErrorIn($('#prompt-error'), error);
    } finally {
      okButton.disabled = false;
    }
  };
  $('#prompt-cancel').onclick = () => dialog.close();
  dialog.showModal();
  input.select();
}

/** Asks to confirm something that cannot be taken back without undo; resolves to true or false. */
function confirmDialog({ title, message, ok }) {
  const dialog = $('#confirm-dialog');
  $('#confirm-title').textContent = title;
  $('#confirm-message').textContent = message;
  $('#confirm-ok').textContent = ok;
  return new Promise((resolve) => {
    let answer = false;
    $('#confirm-form').onsubmit = (event) => {
      event.preventDefault();
      answer = true;
      dialog.close();
    };
    $('#confirm-cancel').onclick = () => dialog.close();
    dialog.addEventListener('close', () => resolve(answer), { once: true });
    dialog.showModal();
    $('#confirm-cancel').focus();
  });
}

// ---------------------------------------------------------------------------------------------
// The card dialog

const cardDialog = {
  mode: 'add', // 'add', 'edit' or 'view' (read-only, while looking back in time)
  card: null,
  column: null,
  key: null,
  initialDue: '',
  /** The sequence of the board answer the card's values came from (`since` of the PATCH). */
  since: null,
  /** What this person typed when a save met a conflict (`{title, description, due}`): kept
   * beside the card as it is now until the dialog closes. */
  draft: null,
};

function findCard(id, view = state.live) {
  for (const column of view?.columns ?? []) {
    const index = (column.cards ?? []).findIndex((card) => card.id === id);
    if (index >= 0) return { card: column.cards[index], column, index };
  }
  return null;
}

/** The date part for `<input type=date>` of a due value (a date-time shows as its local date). */
function dueInputValue(due) {
  const parsed = dueDate(due);
  if (!parsed) return '';
  const { date } = parsed;
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

function openCardDialog({ column = null, card = null, readOnly = false, since = null }) {
  const dialog = $('#card-dialog');
  if (dialog.open) return;
  cardDialog.mode = card ? (readOnly ? 'view' : 'edit') : 'add';
  cardDialog.column = column;
  cardDialog.key = newKey();
  fillCardDialog(card, since);
  $('#card-dialog-title').textContent = t(card ? (readOnly ? 'cardAsItWas' : 'editCard') : 'newCard');
  for (const field of ['#card-title', '#card-description', '#card-due']) $(field).readOnly = readOnly;
  $('#card-due-clear').hidden = readOnly;
  $('#card-delete').hidden = cardDialog.mode !== 'edit';
  $('#card-history').hidden = !card;
  $('#card-save').hidden = readOnly;
  $('#card-cancel').textContent = t(readOnly ? 'close' : 'cancel');
  openCardDetails();
  dialog.showModal();
  if (!readOnly) $('#card-title').focus();
}

/** Puts `card`'s values (read at board sequence `since`) into the dialog's fields. */
function fillCardDialog(card, since) {
  cardDialog.card = card;
  cardDialog.since = since;
  cardDialog.initialDue = card ? dueInputValue(card.due) : '';
  $('#card-dialog-column').textContent = cardDialog.column ? t('inColumn', { column: cardDialog.column }) : '';
  $('#card-title').value = card?.title ?? '';
  $('#card-description').value = card?.description ?? '';
  $('#card-due').value = cardDialog.initialDue;
  $('#card-error').replaceChildren();
  $('#card-conflict').hidden = true;
  $('#card-versions').hidden = true;
  cardDialog.draft = null;
  updateCounters();
}

function updateCounters() {
  const title = $('#card-title').value.trim();
  const description = $('#card-description').value;
  const titleLength = characterCount(title);
  const descriptionLength = characterCount(description);
  const titleCounter = $('#card-title-counter');
  titleCounter.textContent = titleLength > LIMITS.title * 0.8 ? `${number(titleLength)} / ${number(LIMITS.title)}` : '';
  titleCounter.classList.toggle('over', titleLength > LIMITS.title);
  const descriptionCounter = $('#card-description-counter');
  descriptionCounter.textContent = `${number(descriptionLength)} / ${number(LIMITS.description)}`;
  descriptionCounter.classList.toggle('over', descriptionLength > LIMITS.description);
  $('#card-save').disabled = titleLength === 0 || titleLength > LIMITS.title || descriptionLength > LIMITS.description;
  renderPreview();
}

/** The description as it will show, rendered from its markdown. */
function renderPreview() {
  const text = $('#card-description').value;
  $('#card-preview-box').hidden = text.trim() === '';
  $('#card-preview').replaceChildren(...markdown(text));
}

$('#card-title').addEventListener('input', updateCounters);
$('#card-description').addEventListener('input', updateCounters);
$('#card-due-clear').addEventListener('click', () => {
  $('#card-due').value = '';
  $('#card-due').focus();
});
$('#card-cancel').addEventListener('click', () => $('#card-dialog').close());
$('#card-history').addEventListener('click', () => {
  const card = cardDialog.card;
  $('#card-dialog').close();
  if (card) openHistory(card.id, card.title);
});
$('#card-delete').addEventListener('click', async () => {
  const card = cardDialog.card;
  $('#card-dialog').close();
  if (card) await deleteCard(card);
});

$('#card-form').addEventListener('submit', (event) => {
  event.preventDefault();
  if (cardDialog.mode !== 'view') saveCard();
});
$('#card-force').addEventListener('click', () => saveCard({ force: true }));
$('#card-reload').addEventListener('click', reloadCard);

/** Saves the dialog: adds the card (its id made here, so later changes can name it before the
 * server has it), or changes the fields that changed, with the board sequence they were read at
 * (`since`); `force` leaves that out, overwriting someone else's change. While the server
 * answers, an edit waits for its decision, so a conflict keeps the dialog open (Reload, Save
 * anyway); offline, the change waits in the outbox and a refusal shows in the status pill. */
async function saveCard({ force = false } = {}) {
  const title = $('#card-title').value.trim();
  const description = $('#card-description').value;
  const due = $('#card-due').value;
  const save = $('#card-save');
  save.disabled = true;
  $('#card-error').replaceChildren();
  $('#card-conflict').hidden = true;
  try {
    if (cardDialog.mode === 'add') {
      const id = newKey();
      const args = {
        board: state.boardName, card: id, title, description, due: due || null, column: cardDialog.column, before: null, after: null,
      };
      const record = await change('addCard', args, { local: { title } });
      // While the server answers, the dialog waits for its decision: a refusal (a full column,
      // say) keeps the dialog open with the reason and the typed card, Save tries again.
      const decision = connection.state === 'live' && !sync.pushFailed ? await decisionOf(record, DIALOG_DECISION_MS) : null;
      if (decision?.status === 'refused') {
        await dropRecord(record);
        throw refusalError({ ...record, ...decision });
      }
      pendingFocus = id;
      $('#card-dialog').close();
      announce(decision?.status === 'applied'
        ? t('cardAdded', { title, column: cardDialog.column })
        : t('changeQueued', { change: describeChange(record) }));
    } else {
      const card = cardDialog.card;
      const args = { board: state.boardName, card: card.id };
      if (title !== card.title) args.title = title;
      if (description !== (card.description ?? '')) args.description = description;
      if (due !== cardDialog.initialDue) args.due = due || null;
      if (Object.keys(args).length > 2) {
        const since = force ? null : cardDialog.since;
        const record = await change('editCard', args, { since, local: { title: card.title } });
        const decision = connection.state === 'live' && !sync.pushFailed ? await decisionOf(record, DIALOG_DECISION_MS) : null;
        if (decision?.status === 'refused') {
          // The dialog holds the change now: the user reloads, saves anyway or cancels.
          await dropRecord(record);
          throw refusalError({ ...record, ...decision });
        }
      }
      $('#card-dialog').close();
      pendingFocus = card.id;
    }
  } catch (error) {
    // A definite answer (not a lost request) makes the next try a new action.
    if (error.status !== 0) cardDialog.key = newKey();
    showErrorIn($('#card-error'), error);
    // Someone else changed the same field since the dialog read it: keep both choices open.
    $('#card-conflict').hidden = !(error.status === 409 && cardDialog.mode === 'edit');
    announce([error.message, errorDetail(error)].filter(Boolean).join(' '));
    if (!$('#card-conflict').hidden) await showVersions({ title, description, due });
  } finally {
    updateCounters();
  }
}

/**
 * Shows both versions of the card after a conflict: `draft` (what this person typed, not saved)
 * beside the card as the board has it now, each with Copy, so Reload or Save anyway never loses
 * either text. `theirs` null: read it from the server first.
 */
async function showVersions(draft, theirs = null) {
  cardDialog.draft = draft;
  if (!theirs) {
    try {
      theirs = findCard(cardDialog.card?.id, await api('GET', boardPath()))?.card ?? null;
    } catch {
      theirs = null;
    }
  }
  const version = (heading, values, kind) => {
    const text = [values.title, values.description, values.due ? `${t('dueDate')}: ${values.due}` : ''].filter(Boolean).join('\n\n');
    const copy = el('button', { type: 'button', class: 'secondary copy-version', 'data-version': kind }, t('copy'));
    copy.addEventListener('click', () => copyText(text, copy));
    return el('div', { class: 'version', 'data-version': kind },
      el('h4', {}, heading),
      el('p', { class: 'version-title' }, values.title ?? ''),
      el('p', { class: 'version-text' }, values.description ?? ''),
      values.due ? el('p', { class: 'hint' }, `${t('dueDate')}: ${values.due}`) : null,
      copy);
  };
  const blocks = [version(t('yourVersion'), draft, 'yours')];
  if (theirs) blocks.push(version(t('theirVersion'), { title: theirs.title, description: theirs.description ?? '', due: dueInputValue(theirs.due) }, 'theirs'));
  $('#card-versions-list').replaceChildren(...blocks);
  $('#card-versions').hidden = false;
}

/** Copies `text`, saying so on `button` and to screen readers (a selected text area where the
 * clipboard is not offered). */
async function copyText(text, button) {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = el('textarea', { class: 'visually-hidden', 'aria-hidden': 'true' });
    area.value = text;
    document.body.append(area);
    area.select();
    try { document.execCommand('copy'); } catch { /* nothing more to try: the text stays shown */ }
    area.remove();
  }
  button.textContent = t('copied');
  announce(t('copied'));
}

/** Refills the dialog with the card as the board has it now (after a conflict); the draft it
 * replaces stays shown beside it (``showVersions``). */
async function reloadCard() {
  const id = cardDialog.card?.id;
  if (!id) return;
  try {
    const view = await api('GET', boardPath());
    const found = findCard(id, view);
    if (!found) throw new ApiError(404, '');
    cardDialog.column = found.column.name;
    cardDialog.key = newKey();
    const draft = cardDialog.draft;
    fillCardDialog(found.card, view.sequence);
    if (draft) await showVersions(draft, found.card);
    announce(t('cardReloaded'));
    $('#card-title').focus();
  } catch (error) {
    showErrorIn($('#card-error'), error);
  }
}

/** A card to focus once the next render shows it (after adding or editing). */
let pendingFocus = null;

async function deleteCard(card) {
  const confirmed = await confirmDialog({
    title: t('deleteCardTitle'),
    message: t('deleteCardMessage', { title: card.title }),
    ok: t('delete'),
  });
  if (!confirmed) return;
  const target = focusTargetAfter(card.id);
  try {
    await change('deleteCard', { board: state.boardName, card: card.id }, { local: { title: card.title } });
    focusAfterRemoval(target);
    announce(t('cardDeleted', { title: card.title }));
    showToast(t('cardDeleted', { title: card.title }), { undo: true, timeout: 8000, action: { label: t('undo'), run: undo } });
  } catch (error) {
    showError(error);
  }
}

/** Where focus goes when card `id` leaves its column: the next card shown, else the previous,
 * else the column's add button. */
function focusTargetAfter(id) {
  const element = $$('#board .card').find((candidate) => candidate.dataset.id === id);
  const column = element?.closest('.column');
  const cards = column ? $$('.card', column) : [];
  const index = cards.indexOf(element);
  return {
    next: cards[index + 1]?.dataset.id ?? null,
    previous: index > 0 ? cards[index - 1].dataset.id : null,
    column: column?.dataset.column ?? null,
  };
}

/** Focuses what `focusTargetAfter` chose. */
function focusAfterRemoval(target) {
  if (target.next && focusCard(target.next)) return;
  if (target.previous && focusCard(target.previous)) return;
  columnElement(target.column)?.querySelector('.add-card')?.focus();
}

/** The column element named `name` on the board shown. */
const columnElement = (name) => $$('#board .column').find((column) => column.dataset.column === name) ?? null;

// ---------------------------------------------------------------------------------------------
// A card's details in its dialog: assignees, labels, the due date's done mark, the checklist,
// links and comments (`GET …/cards/{id}`, kept by the service worker for offline). Each change
// goes through the outbox like any change to cards (details.js replays it on what is shown until
// the server has it); a refusal while the server answers is said here in the dialog.

const cardDetails = {
  /** The card whose details the dialog shows (a card of the board now), else null. */
  card: null,
  /** The last answer of `GET …/cards/{id}`, and its JSON: redrawn only when that changes. */
  data: null,
  json: '',
  /** The highest sequence of this device's applied changes the last answer has for sure, and the
   * JSON of what was drawn last (the answer with the changes it lacks replayed). */
  reflected: 0,
  shownJSON: '',
  ticket: 0,
  /** The comment being edited (its id), else null; the checklist item being renamed. */
  editing: null,
  editingItem: null,
  /** The last refusal, `{section, error}`, shown in its section until the next change. */
  error: null,
  /** The control (its data-key, or the first of several that can take it) to focus once
   * redrawn after a change. */
  focus: null,
  /** The changes, one after another: a second press waits for the first's answer. */
  queue: Promise.resolve(),
  /** Changes and fetches under way: the details say they are busy (aria-busy) meanwhile. */
  busy: 0,
};

/** Runs `work` with the details marked busy. */
async function detailsBusy(work) {
  cardDetails.busy += 1;
  $('#card-details-body').setAttribute('aria-busy', 'true');
  try {
    return await work();
  } finally {
    cardDetails.busy -= 1;
    if (cardDetails.busy === 0) $('#card-details-body').removeAttribute('aria-busy');
  }
}

/** Shows the details part of the dialog for an existing card of the board now (not one looked
 * at in the past, nor a new one), and fetches them. */
function openCardDetails() {
  const card = cardDialog.mode === 'edit' ? cardDialog.card : null;
  Object.assign(cardDetails, {
    card: card?.id ?? null, data: null, json: '', reflected: 0, shownJSON: '', editing: null, editingItem: null, error: null, focus: null,
  });
  cardDetails.ticket++;
  $('#card-details').hidden = !card;
  if (card) {
    $('#card-details-body').replaceChildren(el('p', { class: 'panel-empty' }, t('loading')));
    loadCardDetails();
  }
}

$('#card-dialog').addEventListener('close', () => {
  // `close` comes a moment after close(): the dialog may be open again, for another card.
  if ($('#card-dialog').open) return;
  cardDetails.card = null;
  cardDetails.ticket++;
});

/** Fetches the card's details and draws them when they changed. Resolves to 'drawn', 'same',
 * 'stale' (a later fetch answers instead) or 'failed'. */
async function loadCardDetails() {
  const id = cardDetails.card;
  if (!id) return 'stale';
  const ticket = ++cardDetails.ticket;
  // Every change the server had applied when the request left is in its answer.
  const reflected = Math.max(0, ...sync.records.filter((record) => record.status === 'applied').map((record) => Number(record.sequence) || 0));
  try {
    const data = await detailsBusy(() => api('GET', cardPath(id)));
    if (ticket !== cardDetails.ticket || cardDetails.card !== id) return 'stale';
    cardDetails.reflected = reflected;
    const json = JSON.stringify(data);
    if (json === cardDetails.json) return 'same';
    cardDetails.data = data;
    cardDetails.json = json;
    renderCardDetails();
    return 'drawn';
  } catch (error) {
    if (ticket !== cardDetails.ticket || cardDetails.card !== id) return 'stale';
    // A refetch that failed leaves what is shown; the first one says why there is nothing.
    if (!cardDetails.data) {
      const card = cardDialog.card;
      if (card?.pending && (error.status === 404 || error.status === 0)) {
        // A card the server does not have yet has no details but those made here.
        cardDetails.data = {
          id: card.id, title: card.title, description: card.description ?? '', due: card.due ?? null, overdue: false,
          column: cardDialog.column, assignees: [], labels: [], dueDone: false, checklist: [], comments: [], links: [],
        };
        renderCardDetails();
        return 'drawn';
      }
      $('#card-details-body').replaceChildren(errorParagraph(error));
    }
    return 'failed';
  }
}

/** The control named `key` (its data-key) among the details shown, or null. */
const detailControl = (key) => $$('[data-key]', $('#card-details-body')).find((node) => node.dataset.key === key) ?? null;

/** The card's details as the server last gave them, with this device's changes to them that
 * the answer does not have yet replayed on top (undecided, or applied after it was asked for). */
function shownDetails() {
  let data = cardDetails.data;
  if (!data) return null;
  for (const record of sync.records) {
    if (!CARD_DETAIL_CHANGES.has(record.name) || record.args?.card !== data.id || !sameName(record.args?.board, state.boardName)) continue;
    if (record.status === 'pending' || (record.status === 'applied' && Number(record.sequence) > cardDetails.reflected)) {
      data = detailsWith(data, record, state.live?.labels);
    }
  }
  return data;
}

/** Draws the details again when what they show changed (after the outbox changed). */
function refreshCardDetails() {
  if (!cardDetails.data || !$('#card-dialog').open) return;
  if (JSON.stringify(shownDetails()) !== cardDetails.shownJSON) renderCardDetails();
}

/** Draws the details. What is typed in their fields and the focus stay: a redraw follows each
 * change, this page's or someone else's. */
function renderCardDetails() {
  const body = $('#card-details-body');
  const data = shownDetails();
  if (!data) return;
  cardDetails.shownJSON = JSON.stringify(data);
  const fields = () => $$('input:not([type="checkbox"]), textarea', body);
  const typed = new Map(fields().map((field) => [field.dataset.key, field.value]));
  const active = body.contains(document.activeElement) ? document.activeElement.dataset.key : null;
  body.replaceChildren(...[dueDoneSection(data), assigneesSection(data), labelsSection(data), checklistSection(data),
    linksSection(data), commentsSection(data)].filter(Boolean));
  for (const field of fields()) if (typed.has(field.dataset.key)) field.value = typed.get(field.dataset.key);
  const wanted = [cardDetails.focus, active].flat().filter(Boolean);
  cardDetails.focus = null;
  for (const key of wanted) {
    const control = detailControl(key);
    if (control && !control.disabled) {
      control.focus();
      break;
    }
  }
}

/**
 * Makes one change to the card's details: mutation `name` with `args` (the board and the card
 * are added), kept in the outbox and shown at once like any change to cards, then sent. While
 * the server answers, its refusal shows in `section` and the change is dropped; without an
 * answer it waits in the outbox and is sent when the server is back. `clear` (data-keys) empties
 * fields once it is kept, `focus` names the control to focus after the redraw, `done` runs once
 * it is kept, `local` is what only the page needs. Resolves to whether it was kept and not refused.
 */
function detailChange(section, name, args, { clear = [], focus = null, done = null, local = {} } = {}) {
  const run = async () => {
    const card = cardDetails.card;
    if (!card) return false;
    showDetailError(section, null);
    let record;
    try {
      record = await change(name, { board: state.boardName, card, ...args },
        { since: null, local: { title: cardDetails.data?.title ?? '', ...local } });
    } catch (error) {
      renderCardDetails(); // a checkbox pressed shows the card's state again
      showDetailError(section, error);
      return false;
    }
    // Emptied now, given back if the server refuses the change (to correct it).
    const typed = clear.map((key) => [key, detailControl(key)?.value ?? '']);
    for (const key of clear) {
      const field = detailControl(key);
      if (field) field.value = '';
    }
    done?.();
    cardDetails.focus = focus;
    renderCardDetails();
    cardDetails.focus = null;
    const decision = connection.state === 'live' && !sync.pushFailed ? await decisionOf(record, DIALOG_DECISION_MS) : null;
    if (decision?.status === 'refused') {
      await dropRecord(record);
      if (cardDetails.card !== card) return false;
      renderCardDetails();
      for (const [key, value] of typed) {
        const field = detailControl(key);
        if (field && !field.value) field.value = value;
      }
      showDetailError(section, refusalError({ ...record, ...decision }));
      return false;
    }
    if (decision?.status === 'applied' && cardDetails.card === card) await loadCardDetails();
    return true;
  };
  const queued = () => detailsBusy(run);
  cardDetails.queue = cardDetails.queue.then(queued, queued);
  return cardDetails.queue;
}

/** Shows `error` under `section` (and says it), or clears every section's error line. */
function showDetailError(section, error) {
  cardDetails.error = error ? { section, error } : null;
  for (const line of $$('#card-details-body .detail-error')) {
    if (error && line.dataset.section === section) {
      showErrorIn(line, error);
    } else {
      line.replaceChildren();
      line.removeAttribute('title');
    }
  }
  if (error) announce([error.message, errorDetail(error)].filter(Boolean).join(' '));
}

/** A part of the details: its heading, its content and its error line. */
function detailSection(section, title, ...content) {
  const id = `detail-${section}-title`;
  const line = el('p', { class: 'form-error detail-error', 'data-section': section });
  if (cardDetails.error?.section === section) showErrorIn(line, cardDetails.error.error);
  return el('section', { class: `detail-section detail-${section}`, 'aria-labelledby': id },
    el('h3', { id, class: 'detail-title' }, title), ...content.filter(Boolean), line);
}

/** A small button showing only an icon, named `label`. */
function detailIconButton(name, label, key, run, { disabled = false, className = '' } = {}) {
  const button = el('button', { type: 'button', class: `icon-button detail-icon-button ${className}`.trim(), 'aria-label': label, title: label, 'data-key': key },
    icon(name));
  button.disabled = disabled;
  button.addEventListener('click', run);
  return button;
}

/** A row of fields and the button that adds what they hold; Enter in a field adds too (Ctrl or
 * ⌘ with Enter in a text area). `fields`: `{key, label, placeholder?, options?, type?, multiline?}`;
 * `run` gets their values. */
function addRow(section, fields, buttonText, run) {
  const inputs = fields.map((field) => el(field.multiline ? 'textarea' : 'input', {
    type: field.multiline ? null : field.type ?? 'text', class: field.className ?? null, 'data-key': field.key,
    'aria-label': field.label, placeholder: field.placeholder ?? field.label, autocomplete: 'off',
    list: field.options ? `detail-${field.key}-options` : null, rows: field.multiline ? '3' : null,
  }));
  const lists = fields.filter((field) => field.options)
    .map((field) => el('datalist', { id: `detail-${field.key}-options` }, ...field.options.map((option) => el('option', { value: option }))));
  const button = el('button', { type: 'button', class: 'secondary small', 'data-key': `${section}-add` }, icon('plus'), buttonText);
  const go = () => run(inputs.map((input) => input.value));
  button.addEventListener('click', go);
  inputs.forEach((input, index) => input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.isComposing || event.shiftKey) return;
    if (fields[index].multiline && !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    go();
  }));
  return el('div', { class: `detail-add${fields.some((field) => field.multiline) ? ' multiline' : ''}` }, ...inputs, button, ...lists);
}

/** A chip (a person or a label) with a button taking it off the card. */
function detailChip(className, content, removeLabel, removeKey, remove) {
  return el('li', { class: className }, ...content, detailIconButton('close', removeLabel, removeKey, remove, { className: 'chip-remove' }));
}

/** The people the board knows: its members, everyone assigned on it, and this person. */
function boardPeople() {
  const people = new Set(Array.isArray(state.live?.members) ? state.live.members : []);
  for (const column of state.live?.columns ?? []) for (const card of column.cards ?? []) for (const person of card.assignees ?? []) people.add(person);
  const me = state.tokens ? state.sessionActor : state.actor;
  if (me) people.add(me);
  return [...people].map(String).sort((a, b) => a.localeCompare(b, state.lang));
}

function dueDoneSection(data) {
  if (!data.due) return null;
  const box = el('input', { type: 'checkbox', id: 'detail-due-done', 'data-key': 'due-done' });
  box.checked = Boolean(data.dueDone);
  box.addEventListener('change', () => detailChange('due', 'markDue', { done: box.checked }, { focus: 'due-done' }));
  return detailSection('due', t('dueDate'),
    el('div', { class: 'check-row' }, box, el('label', { for: 'detail-due-done' }, t('dueDateDone', { when: formatDue(data.due) }))));
}

function assigneesSection(data) {
  const people = (Array.isArray(data.assignees) ? data.assignees : []).map(String);
  const chips = people.map((person) => detailChip('detail-chip person-chip',
    [el('span', { class: 'avatar', 'aria-hidden': 'true' }, initials(person)), el('span', { class: 'chip-text' }, person)],
    t('unassign', { name: person }), `assignee-remove:${person}`,
    () => detailChange('assignees', 'unassign', { person }, { focus: 'assignee-input' })));
  return detailSection('assignees', t('assignees'),
    people.length > 0 ? el('ul', { class: 'detail-chips' }, ...chips) : el('p', { class: 'hint' }, t('noAssignees')),
    addRow('assignees', [{ key: 'assignee-input', label: t('assignSomeone'), options: boardPeople().filter((person) => !people.includes(person)) }],
      t('assign'), ([person]) => {
        if (!person.trim()) return detailControl('assignee-input')?.focus();
        return detailChange('assignees', 'assign', { person: person.trim() }, { clear: ['assignee-input'], focus: 'assignee-input' });
      }));
}

function labelsSection(data) {
  const labels = Array.isArray(data.labels) ? data.labels : [];
  const chips = labels.map((label) => {
    const name = String(label.name ?? '');
    return detailChip(`detail-chip ${labelChipClass(label.colour)}`, [el('span', { class: 'chip-text' }, name)],
      t('removeLabel', { name }), `label-remove:${name}`,
      () => detailChange('labels', 'unlabel', { label: name }, { focus: 'label-input' }));
  });
  const offered = (Array.isArray(state.live?.labels) ? state.live.labels : []).map((label) => String(label.name))
    .filter((name) => !labels.some((label) => sameName(label.name, name)));
  return detailSection('labels', t('labels'),
    labels.length > 0 ? el('ul', { class: 'detail-chips' }, ...chips) : el('p', { class: 'hint' }, t('noLabels')),
    addRow('labels', [{ key: 'label-input', label: t('addLabelName'), options: offered }], t('addLabel'), ([label]) => {
      if (!label.trim()) return detailControl('label-input')?.focus();
      return detailChange('labels', 'label', { label: label.trim() }, { clear: ['label-input'], focus: 'label-input' });
    }));
}

function checklistSection(data) {
  const items = Array.isArray(data.checklist) ? data.checklist : [];
  const done = items.filter((item) => item.done).length;
  const content = [];
  if (items.length > 0) {
    const progress = t('checklistProgress', { done: number(done), total: number(items.length) });
    content.push(el('div', { class: `checklist-summary${done === items.length ? ' complete' : ''}` },
      el('progress', { max: items.length, value: done, 'aria-label': progress }),
      el('span', { class: 'checklist-count', title: progress }, `${number(done)}/${number(items.length)}`)));
  }
  // Grouped by checklist, in the order the card first lists them; a move goes past the
  // neighbour in the same checklist (the server counts places among all the card's items).
  const groups = new Map();
  items.forEach((item, index) => {
    const name = String(item.checklist ?? '');
    if (!groups.has(name)) groups.set(name, []);
    groups.get(name).push({ item, index });
  });
  const named = groups.size > 1 || (groups.size === 1 && !groups.has('Checklist'));
  for (const [name, entries] of groups) {
    if (named) content.push(el('h4', { class: 'checklist-name' }, name));
    content.push(el('ul', { class: 'checklist', 'aria-label': name }, ...entries.map(({ item }, position) => {
      const text = String(item.text ?? '');
      const id = `detail-item-${item.id}`;
      if (cardDetails.editingItem === item.id) return checklistItemEditor(item);
      const box = el('input', { type: 'checkbox', id, 'data-key': `item-check:${item.id}` });
      box.checked = Boolean(item.done);
      box.addEventListener('change', () => detailChange('checklist', 'checkChecklistItem', { item: item.id, done: box.checked },
        { focus: `item-check:${item.id}`, local: { wasDone: Boolean(item.done) } }));
      const move = (step) => detailChange('checklist', 'moveChecklistItem', { item: item.id, at: entries[position + step].index },
        { focus: [`item-${step < 0 ? 'up' : 'down'}:${item.id}`, `item-check:${item.id}`] });
      return el('li', { class: `checklist-item${item.done ? ' done' : ''}${item.pending ? ' pending' : ''}`, title: item.pending ? t('notYetSynced') : null },
        box, el('label', { for: id, class: 'checklist-text' }, text),
        detailIconButton('pencil', t('renameItem', { text }), `item-rename:${item.id}`, () => {
          cardDetails.editingItem = item.id;
          cardDetails.focus = `item-text:${item.id}`;
          renderCardDetails();
        }),
        detailIconButton('up', t('moveItemUp', { text }), `item-up:${item.id}`, () => move(-1), { disabled: position === 0 }),
        detailIconButton('down', t('moveItemDown', { text }), `item-down:${item.id}`, () => move(1), { disabled: position === entries.length - 1 }),
        detailIconButton('close', t('removeItem', { text }), `item-remove:${item.id}`,
          () => detailChange('checklist', 'removeChecklistItem', { item: item.id }, { focus: 'item-input', local: { wasDone: Boolean(item.done) } })));
    })));
  }
  const names = [...groups.keys()];
  content.push(addRow('checklist', [
    { key: 'item-input', label: t('addItemText') },
    { key: 'item-list', label: t('checklistName'), placeholder: names[0] ?? 'Checklist', options: names, className: 'narrow' },
  ], t('addItem'), ([text, checklist]) => {
    if (!text.trim()) return detailControl('item-input')?.focus();
    const args = { text: text.trim(), item: newKey() };
    if (checklist.trim()) args.checklist = checklist.trim();
    else if (names.length > 0) args.checklist = names[0];
    return detailChange('checklist', 'addChecklistItem', args, { clear: ['item-input'], focus: 'item-input' });
  }));
  return detailSection('checklist', t('checklist'), ...content);
}

/** A checklist item being renamed: its text in a field; Enter saves, Escape leaves it as it was. */
function checklistItemEditor(item) {
  const field = el('input', { type: 'text', class: 'item-field', 'data-key': `item-text:${item.id}`, 'aria-label': t('itemNewText'), autocomplete: 'off' });
  field.value = String(item.text ?? '');
  const stop = () => {
    cardDetails.editingItem = null;
    cardDetails.focus = `item-rename:${item.id}`;
    renderCardDetails();
  };
  const save = el('button', { type: 'button', class: 'primary small', 'data-key': `item-save:${item.id}` }, t('save'));
  const cancel = el('button', { type: 'button', class: 'secondary small', 'data-key': `item-cancel:${item.id}` }, t('cancel'));
  const submit = () => {
    const text = field.value.trim();
    if (!text) return field.focus();
    if (text === item.text) return stop();
    return detailChange('checklist', 'renameChecklistItem', { item: item.id, text },
      { done: () => { cardDetails.editingItem = null; }, focus: `item-rename:${item.id}` });
  };
  save.addEventListener('click', submit);
  cancel.addEventListener('click', stop);
  field.addEventListener('keydown', (event) => {
    if (event.isComposing) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape') {
      // Leaves the item as it was, not the dialog.
      event.preventDefault();
      event.stopPropagation();
      stop();
    }
  });
  return el('li', { class: 'checklist-item editing' }, field, save, cancel);
}

function linksSection(data) {
  const links = Array.isArray(data.links) ? data.links : [];
  const list = links.map((link) => {
    const url = String(link.url ?? '');
    const name = String(link.name || url);
    const href = safeHref(url);
    return el('li', { class: `detail-link${link.pending ? ' pending' : ''}`, title: link.pending ? t('notYetSynced') : null },
      icon('link'),
      el('span', { class: 'detail-link-text' },
        href ? el('a', { href, rel: 'noopener noreferrer', target: '_blank' }, name) : el('span', {}, name),
        name !== url ? el('span', { class: 'detail-link-url' }, url) : null),
      detailIconButton('close', t('removeLink', { name }), `link-remove:${link.id}`,
        () => detailChange('links', 'removeLink', { link: link.id }, { focus: 'link-url' })));
  });
  return detailSection('links', t('links'),
    links.length > 0 ? el('ul', { class: 'detail-links' }, ...list) : null,
    addRow('links', [
      { key: 'link-url', label: t('linkAddress'), placeholder: 'https://…', type: 'url' },
      { key: 'link-name', label: t('linkName'), className: 'narrow' },
    ], t('addLink'), ([url, name]) => {
      if (!url.trim()) return detailControl('link-url')?.focus();
      const args = { url: url.trim(), link: newKey() };
      if (name.trim()) args.name = name.trim();
      return detailChange('links', 'attachLink', args, { clear: ['link-url', 'link-name'], focus: 'link-url' });
    }));
}

function commentsSection(data) {
  const comments = Array.isArray(data.comments) ? data.comments : [];
  const me = state.tokens ? state.sessionActor : state.actor;
  const list = comments.map((comment) => {
    const own = me != null && comment.author === me;
    const editing = own && cardDetails.editing === comment.id;
    const meta = el('p', { class: 'comment-meta' },
      el('strong', { class: 'comment-author' }, String(comment.author ?? '')),
      comment.at ? el('time', { datetime: comment.at, title: formatTime(comment.at) }, formatRelative(comment.at)) : null,
      comment.edited ? el('span', { class: 'comment-edited', title: t('editedAt', { time: formatTime(comment.edited) }) },
        `(${t('edited')})`) : null);
    let body;
    if (editing) {
      const key = `comment-edit:${comment.id}`;
      const field = el('textarea', { class: 'comment-field', rows: '3', 'data-key': key, 'aria-label': t('editYourComment') });
      field.value = String(comment.text ?? '');
      const save = el('button', { type: 'button', class: 'primary small', 'data-key': `comment-save:${comment.id}` }, t('save'));
      const cancel = el('button', { type: 'button', class: 'secondary small', 'data-key': `comment-cancel:${comment.id}` }, t('cancel'));
      const submit = () => {
        if (!field.value.trim()) return field.focus();
        return detailChange('comments', 'editComment', { comment: comment.id, text: field.value },
          { done: () => { cardDetails.editing = null; }, focus: `comment-edit-button:${comment.id}` });
      };
      save.addEventListener('click', submit);
      cancel.addEventListener('click', () => {
        cardDetails.editing = null;
        cardDetails.focus = `comment-edit-button:${comment.id}`;
        renderCardDetails();
      });
      field.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.isComposing) {
          event.preventDefault();
          submit();
        }
      });
      body = el('div', { class: 'comment-editing' }, field, el('div', { class: 'comment-actions' }, save, cancel));
    } else {
      body = el('div', { class: 'comment-text markdown' }, ...markdown(String(comment.text ?? '')));
    }
    const actions = own && !editing ? el('div', { class: 'comment-actions' },
      commentButton(t('edit'), t('editComment', { time: comment.at ? formatRelative(comment.at) : '' }), `comment-edit-button:${comment.id}`, () => {
        cardDetails.editing = comment.id;
        cardDetails.focus = `comment-edit:${comment.id}`;
        renderCardDetails();
      }),
      commentButton(t('delete'), t('deleteComment', { time: comment.at ? formatRelative(comment.at) : '' }), `comment-delete:${comment.id}`, async () => {
        const confirmed = await confirmDialog({ title: t('deleteCommentTitle'), message: t('deleteCommentMessage'), ok: t('delete') });
        if (confirmed) detailChange('comments', 'deleteComment', { comment: comment.id }, { focus: 'comment-input' });
      })) : null;
    return el('li', { class: `comment${own ? ' own' : ''}${comment.pending ? ' pending' : ''}`, title: comment.pending ? t('notYetSynced') : null }, meta, body, actions);
  });
  return detailSection('comments', t('comments'),
    comments.length > 0 ? el('ol', { class: 'comment-list' }, ...list) : el('p', { class: 'hint' }, t('noComments')),
    addRow('comments', [{ key: 'comment-input', label: t(touchOnly() ? 'writeCommentTouch' : 'writeComment'), multiline: true, className: 'comment-field' }],
      t('addComment'), ([text]) => {
        if (!text.trim()) return detailControl('comment-input')?.focus();
        return detailChange('comments', 'addComment', { text, comment: newKey() }, { clear: ['comment-input'], focus: 'comment-input' });
      }));
}

/** A comment's Edit or Delete: a short word shown, a fuller name said. */
function commentButton(text, label, key, run) {
  const button = el('button', { type: 'button', class: 'link-button comment-action', 'aria-label': label, 'data-key': key }, text);
  button.addEventListener('click', run);
  return button;
}

// ---------------------------------------------------------------------------------------------
// Boards and columns

$('#board-select').addEventListener('change', (event) => switchBoard(event.target.value));

/** Shows board `name`; `push` makes it a new entry of the browser's history (not when going
 * back or forward to it). */
function switchBoard(name, { push = true } = {}) {
  if (!name || name === state.boardName) return;
  state.boardName = name;
  storage.set('kanban.board', name);
  if (push) syncAddress(true);
  state.server = null;
  state.live = null;
  state.past = null;
  ++pastTicket;
  // The panel follows the board (a card's history becomes the new board's history).
  if (state.panel?.kind === 'history') state.panel = { kind: 'history', card: null, title: null, limit: PAGE_SIZE };
  if (state.panel?.kind === 'deleted') state.panel = { kind: 'deleted', limit: PAGE_SIZE };
  if (state.panel) refreshPanel();
  connectStream();
  render();
  refresh();
}

function newBoard() {
  promptDialog({
    title: t('newBoard'),
    label: t('boardName'),
    ok: t('create'),
    second: { label: t('columnsLabel'), hint: t('columnsHint'), placeholder: 'TODO\nDOING\nDONE' },
    submit: async ({ value, second }, key) => {
      const name = value.trim();
      const body = { name };
      // One column a line: a comma belongs to the name ("Ideas, maybe").
      const columns = second.split('\n').map((column) => column.trim()).filter(Boolean);
      if (columns.length > 0) body.columns = columns;
      await write('POST', '/api/boards', body, key);
      switchBoard(name);
    },
  });
}

function renameBoard() {
  const old = state.boardName;
  promptDialog({
    title: t('renameBoard'),
    label: t('boardName'),
    value: old,
    ok: t('rename'),
    submit: async ({ value }, key) => {
      const name = value.trim();
      await write('PATCH', boardPath(old), { name }, key);
      state.boardName = name;
      storage.set('kanban.board', name);
      connectStream();
    },
  });
}

async function removeBoard() {
  const name = state.boardName;
  const confirmed = await confirmDialog({ title: t('removeBoard'), message: t('removeBoardMessage', { name }), ok: t('remove') });
  if (!confirmed) return;
  try {
    await write('DELETE', boardPath(name));
    state.boardName = null;
    state.server = null;
    state.live = null;
    showToast(t('boardRemoved', { name }), { undo: true, action: { label: t('undo'), run: undo } });
  } catch (error) {
    showError(error);
  }
}

function addColumn() {
  promptDialog({
    title: t('addColumn'),
    label: t('columnName'),
    ok: t('add'),
    submit: async ({ value }, key) => {
      await write('POST', `${boardPath()}/columns`, { name: value.trim() }, key);
    },
  });
}

function renameColumn(old) {
  promptDialog({
    title: t('renameColumn'),
    label: t('columnName'),
    value: old,
    ok: t('rename'),
    submit: async ({ value }, key) => {
      await write('PATCH', columnPath(old), { name: value.trim() }, key);
    },
  });
}

/** Sets column `name`'s work in progress limit, or lifts it (left empty). Over it the page
 * warns; a strict limit (the box checked) makes the server refuse cards over it. */
function setColumnLimit(name) {
  const current = columnLimitOf(name);
  const column = state.live?.columns?.find((candidate) => candidate.name === name);
  promptDialog({
    title: t('columnLimitTitle', { name }),
    label: t('columnLimitLabel'),
    value: current != null ? String(current) : '',
    ok: t('save'),
    inputMode: 'numeric',
    check: { label: t('strictLimit'), checked: Boolean(column?.strict) },
    submit: async ({ value, check }, key) => {
      const text = value.trim();
      const limit = text === '' ? null : Number(text);
      if (limit !== null && !(Number.isInteger(limit) && limit >= 1 && limit <= 999)) throw new Error(t('badColumnLimit'));
      await write('PUT', `${columnPath(name)}/limit`, limit !== null && check ? { limit, strict: true } : { limit }, key);
      announce(limit === null ? t('columnLimitLifted', { name }) : t('columnLimitSet', { name, limit }));
    },
  });
}

async function moveColumn(name, at) {
  try {
    await write('POST', `${columnPath(name)}/move`, { at });
    announce(t('columnMoved', { name, position: at + 1 }));
  } catch (error) {
    showError(error);
    scheduleRefresh(0);
  }
}

async function removeColumn(name, count) {
  const confirmed = await confirmDialog({
    title: t('removeColumn'),
    message: t('removeColumnMessage', { name, count }),
    ok: t('remove'),
  });
  if (!confirmed) return;
  try {
    await write('DELETE', columnPath(name));
    showToast(t('columnRemoved', { name }), { undo: true, action: { label: t('undo'), run: undo } });
  } catch (error) {
    showError(error);
  }
}

$('#new-board-button').addEventListener('click', newBoard);
$('#board-menu-button').addEventListener('click', (event) => {
  openMenu(event.currentTarget, [
    { label: t('renameBoard'), run: renameBoard },
    { label: t('addColumn'), run: addColumn },
    { label: t('labelsAndMembersMenu'), run: openBoardDetails },
    { label: t('removeBoard'), danger: true, run: removeBoard },
  ]);
});

// ---------------------------------------------------------------------------------------------
// The board's labels and members

/** The colours a label can have, in Trello's order, with the key of each one's name. */
const COLOUR_NAMES = [['green', 'colourGreen'], ['yellow', 'colourYellow'], ['orange', 'colourOrange'], ['red', 'colourRed'],
  ['purple', 'colourPurple'], ['blue', 'colourBlue'], ['sky', 'colourSky'], ['lime', 'colourLime'], ['pink', 'colourPink'],
  ['black', 'colourBlack'], ['grey', 'colourGrey']];

const boardDetails = { focus: null, shown: '', error: null };

function openBoardDetails() {
  Object.assign(boardDetails, { focus: 'board-label-input', shown: '', error: null });
  renderBoardDetails();
  $('#board-details-dialog').showModal();
  $('#board-details-dialog [data-key="board-label-input"]')?.focus();
}

$('#board-details-close').addEventListener('click', () => $('#board-details-dialog').close());

/** The control named `key` (its data-key) in the labels and members dialog, or null. */
const boardDetailControl = (key) => $$('[data-key]', $('#board-details-body')).find((node) => node.dataset.key === key) ?? null;

/** A colour menu for a label, its value `colour`. */
function colourSelect(key, label, colour) {
  const select = el('select', { 'data-key': key, 'aria-label': label },
    ...COLOUR_NAMES.map(([value, name]) => el('option', { value }, t(name))));
  select.value = LABEL_COLOURS.has(colour) ? colour : 'grey';
  return select;
}

/** Draws the board's labels and members as the board shown has them (with this device's
 * changes not yet on the server). What is typed and the focus stay. */
function renderBoardDetails() {
  const body = $('#board-details-body');
  const view = state.live;
  const labels = Array.isArray(view?.labels) ? view.labels : [];
  const members = Array.isArray(view?.members) ? view.members.map(String) : [];
  boardDetails.shown = JSON.stringify([labels, members, boardDetails.error?.message ?? '']);
  const typed = new Map($$('input, select', body).map((field) => [field.dataset.key, field.value]));
  const active = body.contains(document.activeElement) ? document.activeElement.dataset.key : null;

  const labelRows = labels.map((label) => {
    const name = String(label.name ?? '');
    const select = colourSelect(`board-label-colour:${name}`, t('labelColour', { name }), label.colour);
    select.addEventListener('change', () => boardDetailChange('setLabel', { name, colour: select.value }, { focus: `board-label-colour:${name}` }));
    return el('li', { class: 'board-label-row' },
      el('span', { class: `detail-chip ${labelChipClass(label.colour)}` }, el('span', { class: 'chip-text' }, name)),
      select,
      detailIconButton('close', t('deleteBoardLabel', { name }), `board-label-remove:${name}`,
        () => boardDetailChange('removeLabel', { name }, { focus: 'board-label-input' })));
  });
  const labelName = el('input', { type: 'text', 'data-key': 'board-label-input', 'aria-label': t('labelName'), placeholder: t('labelName'), autocomplete: 'off' });
  const labelColour = colourSelect('board-label-new-colour', t('newLabelColour'), 'green');
  const addLabel = () => {
    const name = labelName.value.trim();
    if (!name) return labelName.focus();
    return boardDetailChange('setLabel', { name, colour: labelColour.value }, { clear: ['board-label-input'], focus: 'board-label-input' });
  };
  const addLabelButton = el('button', { type: 'button', class: 'secondary small', 'data-key': 'board-label-add' }, icon('plus'), t('addLabel'));
  addLabelButton.addEventListener('click', addLabel);
  labelName.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.isComposing) {
      event.preventDefault();
      addLabel();
    }
  });

  const memberChips = members.map((person) => detailChip('detail-chip person-chip',
    [el('span', { class: 'avatar', 'aria-hidden': 'true' }, initials(person)), el('span', { class: 'chip-text' }, person)],
    t('removeMember', { name: person }), `board-member-remove:${person}`,
    () => boardDetailChange('removeMember', { person }, { focus: 'board-member-input' })));
  const memberRow = addRow('members', [{ key: 'board-member-input', label: t('memberName'), options: boardPeople().filter((person) => !members.includes(person)) }],
    t('addMember'), ([person]) => {
      if (!person.trim()) return boardDetailControl('board-member-input')?.focus();
      return boardDetailChange('addMember', { person: person.trim() }, { clear: ['board-member-input'], focus: 'board-member-input' });
    });

  const error = el('p', { class: 'form-error', id: 'board-details-error' });
  if (boardDetails.error) showErrorIn(error, boardDetails.error);
  body.replaceChildren(
    el('section', { class: 'detail-section', 'aria-labelledby': 'board-labels-title' },
      el('h3', { id: 'board-labels-title', class: 'detail-title' }, t('labels')),
      labelRows.length > 0 ? el('ul', { class: 'board-labels' }, ...labelRows) : el('p', { class: 'hint' }, t('noBoardLabels')),
      el('div', { class: 'detail-add' }, labelName, labelColour, addLabelButton)),
    el('section', { class: 'detail-section', 'aria-labelledby': 'board-members-title' },
      el('h3', { id: 'board-members-title', class: 'detail-title' }, t('members')),
      memberChips.length > 0 ? el('ul', { class: 'detail-chips' }, ...memberChips) : el('p', { class: 'hint' }, t('noMembers')),
      memberRow),
    error);
  for (const field of $$('input, select', body)) if (typed.has(field.dataset.key) && field.tagName === 'INPUT') field.value = typed.get(field.dataset.key);
  for (const key of [boardDetails.focus, active].flat().filter(Boolean)) {
    const control = boardDetailControl(key);
    if (control && !control.disabled) {
      control.focus();
      break;
    }
  }
  boardDetails.focus = null;
}

/** Draws the labels and members again when the board shown changed them. */
function refreshBoardDetails() {
  if (!$('#board-details-dialog').open) return;
  const labels = Array.isArray(state.live?.labels) ? state.live.labels : [];
  const members = Array.isArray(state.live?.members) ? state.live.members.map(String) : [];
  if (JSON.stringify([labels, members, boardDetails.error?.message ?? '']) !== boardDetails.shown) renderBoardDetails();
}

/** Makes one change to the board's labels or members: kept in the outbox, shown at once, sent;
 * while the server answers, its refusal is said in the dialog and the change dropped. */
async function boardDetailChange(name, args, { clear = [], focus = null } = {}) {
  boardDetails.error = null;
  let record;
  try {
    record = await change(name, { board: state.boardName, ...args }, { since: null });
  } catch (error) {
    boardDetails.error = error;
    renderBoardDetails();
    return;
  }
  const typed = clear.map((key) => [key, boardDetailControl(key)?.value ?? '']);
  for (const key of clear) {
    const field = boardDetailControl(key);
    if (field) field.value = '';
  }
  boardDetails.focus = focus;
  renderBoardDetails();
  const decision = connection.state === 'live' && !sync.pushFailed ? await decisionOf(record, DIALOG_DECISION_MS) : null;
  if (decision?.status === 'refused') {
    await dropRecord(record);
    boardDetails.error = refusalError({ ...record, ...decision });
    renderBoardDetails();
    for (const [key, value] of typed) {
      const field = boardDetailControl(key);
      if (field && !field.value) field.value = value;
    }
    announce([boardDetails.error.message, errorDetail(boardDetails.error)].filter(Boolean).join(' '));
  }
}

// ---------------------------------------------------------------------------------------------
// Moving cards (drag and drop, keyboard)

/** Moves `card` to `index` among `targetCards` (column `columnName`'s cards without it): the
 * neighbours below (`before`) and above (`after`) say where, so the server (and a replay on a
 * newer board) puts it next to the same cards. */
async function moveCard(card, columnName, index, targetCards) {
  const args = {
    board: state.boardName, card: card.id, column: columnName,
    before: targetCards[index]?.id ?? null, after: targetCards[index - 1]?.id ?? null,
  };
  try {
    const record = await change('moveCard', args, { local: { title: card.title } });
    announceWhenDecided(record, t('cardMovedTo', { title: card.title, column: columnName, position: index + 1, count: targetCards.length + 1 }));
  } catch (error) {
    showError(error);
    showChanges();
  }
}

/** How long a move waits for the server's decision before it is said as saved on this device. */
const MOVE_DECISION_MS = 10_000;

/** Says `applied` once the server applied `record`, never before: a screen reader is not told
 * a card moved that then comes back. A refusal says why; no answer (offline, or a slow server)
 * says the change waits on this device. */
async function announceWhenDecided(record, applied) {
  const decision = connection.state === 'live' && !sync.pushFailed ? await decisionOf(record, MOVE_DECISION_MS) : null;
  if (decision?.status === 'applied') announce(applied);
  else if (decision?.status === 'refused') announce(refusalSentence({ ...record, ...decision }));
  else announce(t('changeQueued', { change: describeChange(record) }));
}

/** Alt/Ctrl+arrow: to the neighbouring column (same place, or its end), or one place up or down. */
function keyboardMove(cardElement, columnStep, indexStep) {
  const found = findCard(cardElement.dataset.id);
  if (!found || state.past) return;
  const columns = state.live.columns;
  const columnIndex = columns.indexOf(found.column);
  let target = found.column;
  let index = found.index + indexStep;
  if (columnStep !== 0) {
    target = columns[columnIndex + columnStep];
    if (!target) {
      announce(t(columnStep < 0 ? 'alreadyFirstColumn' : 'alreadyLastColumn'));
      return;
    }
    index = Math.min(found.index, target.cards.length);
  } else {
    // Past the neighbouring card shown (a filter may hide cards in between).
    const shown = $$('.card', cardElement.closest('.column'));
    const neighbour = shown[shown.indexOf(cardElement) + indexStep];
    if (!neighbour) {
      announce(t(indexStep < 0 ? 'alreadyTop' : 'alreadyBottom'));
      return;
    }
    index = found.column.cards.findIndex((card) => card.id === neighbour.dataset.id);
  }
  const targetCards = target.cards.filter((card) => card.id !== found.card.id);
  moveCard(found.card, target.name, index, targetCards).then(() => focusCard(found.card.id));
}

/** Arrow keys without a modifier: focus the neighbouring card. */
function keyboardFocus(cardElement, columnStep, indexStep) {
  const column = cardElement.closest('.column');
  const cards = $$('.card', column);
  const index = cards.indexOf(cardElement);
  if (columnStep === 0) {
    cards[index + indexStep]?.focus();
    return;
  }
  const columns = $$('#board .column');
  let next = columns.indexOf(column) + columnStep;
  while (columns[next]) {
    const targetCards = $$('.card', columns[next]);
    if (targetCards.length > 0) {
      targetCards[Math.min(index, targetCards.length - 1)].focus();
      return;
    }
    next += columnStep;
  }
}

// The card focused last is its column's Tab stop (a roving tabindex).
$('#board').addEventListener('focusin', (event) => {
  const card = event.target.closest?.('.card');
  const column = card?.closest('.column');
  if (!card || !column) return;
  tabStops.set(column.dataset.column, card.dataset.id);
  for (const other of $$('.card[tabindex="0"]', column)) if (other !== card) other.setAttribute('tabindex', '-1');
  card.setAttribute('tabindex', '0');
});

$('#board').addEventListener('keydown', (event) => {
  const card = event.target.closest?.('.card');
  if (!card || event.target !== card) return;
  const modified = event.altKey || event.ctrlKey;
  const readOnly = Boolean(state.past);
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (steps[event.key]) {
    event.preventDefault();
    const [columnStep, indexStep] = steps[event.key];
    if (modified && !readOnly) keyboardMove(card, columnStep, indexStep);
    else keyboardFocus(card, columnStep, indexStep);
  } else if (event.key === 'Home' || event.key === 'End') {
    event.preventDefault();
    const cards = $$('.card', card.closest('.column'));
    (event.key === 'Home' ? cards[0] : cards[cards.length - 1])?.focus();
  } else if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    openCardElement(card);
  } else if ((event.key === 'Delete' || event.key === 'Backspace') && !readOnly) {
    event.preventDefault();
    const found = findCard(card.dataset.id);
    if (found) deleteCard(found.card);
  }
});

function openCardElement(cardElement) {
  const view = state.past ? state.past.view : state.live;
  const found = findCard(cardElement.dataset.id, view);
  if (found) openCardDialog({ card: found.card, column: found.column.name, readOnly: Boolean(state.past), since: view?.sequence ?? null });
}

let lastDragEnd = 0;
$('#board').addEventListener('click', (event) => {
  // A link in a card's description opens in a new tab, not the card.
  if (event.target.closest('a[href]')) return;
  const card = event.target.closest('.card');
  if (!card || performance.now() - lastDragEnd < 400) return;
  openCardElement(card);
});

/**
 * Drag and drop with Pointer Events, for mouse, pen and touch alike: a mouse or pen drag starts
 * after a few pixels; a touch drag starts after a long press (so a swipe still scrolls). A copy
 * follows the pointer. Cards go across and within columns: while a card is dragged nothing in the
 * lists moves (a line shows where it would land), so a move of the pointer lays out nothing and
 * costs the same over a column of thousands of cards as over an empty one; the card goes to its
 * place once, when dropped. A column's header drags the column, which moves as its placeholder.
 */
let drag = null;

$('#board').addEventListener('pointerdown', (event) => {
  if (state.past || drag || !event.isPrimary || event.button !== 0) return;
  const card = event.target.closest('.card');
  const header = card ? null : event.target.closest('.column-header');
  if (header && event.target.closest('button')) return;
  const element = card ?? header?.closest('.column');
  if (!element) return;
  // Touch pointers are captured by their first target; release it so moves report what is under the finger.
  if (event.target.hasPointerCapture?.(event.pointerId)) event.target.releasePointerCapture(event.pointerId);
  drag = {
    kind: card ? 'card' : 'column',
    element,
    pointerId: event.pointerId,
    pointerType: event.pointerType,
    startX: event.clientX,
    startY: event.clientY,
    x: event.clientX,
    y: event.clientY,
    active: false,
    timer: null,
    refreshAfter: false,
  };
  if (event.pointerType === 'touch') {
    element.classList.add('pressing');
    drag.timer = setTimeout(() => {
      if (drag && !drag.active) startDrag();
    }, LONG_PRESS_MS);
  }
  window.addEventListener('pointermove', onDragMove);
  window.addEventListener('pointerup', onDragEnd);
  window.addEventListener('pointercancel', onDragCancel);
});

function onDragMove(event) {
  if (!drag || event.pointerId !== drag.pointerId) return;
  drag.x = event.clientX;
  drag.y = event.clientY;
  if (!drag.active) {
    const distance = Math.hypot(drag.x - drag.startX, drag.y - drag.startY);
    if (drag.pointerType === 'touch') {
      if (distance > TOUCH_SLOP_PX) stopDrag(); // a swipe: let the page scroll
      return;
    }
    if (distance < DRAG_THRESHOLD_PX) return;
    startDrag();
  }
  event.preventDefault();
  updateDrag();
}

function startDrag() {
  const { element } = drag;
  clearTimeout(drag.timer);
  element.classList.remove('pressing');
  const rect = element.getBoundingClientRect();
  drag.active = true;
  drag.offsetX = drag.startX - rect.left;
  drag.offsetY = drag.startY - rect.top;
  drag.origin = { parent: element.parentElement, next: element.nextSibling };
  const ghost = element.cloneNode(true);
  ghost.removeAttribute('id');
  for (const node of ghost.querySelectorAll('[id]')) node.removeAttribute('id');
  ghost.classList.add('drag-ghost');
  ghost.setAttribute('aria-hidden', 'true');
  ghost.style.width = `${rect.width}px`;
  if (drag.kind === 'column') ghost.style.height = `${Math.min(rect.height, innerHeight * 0.6)}px`;
  document.body.append(ghost);
  drag.ghost = ghost;
  element.classList.add('drag-placeholder');
  if (drag.kind === 'card') {
    drag.indicator = el('div', { class: 'drop-indicator', 'aria-hidden': 'true' });
    document.body.append(drag.indicator);
  }
  // Snap scrolling (phones) would pull each edge scroll back to the column it started from.
  $('#board').classList.add('dragging');
  if (drag.pointerType === 'touch') navigator.vibrate?.(12);
  closeMenu(false);
  drag.frame = requestAnimationFrame(autoScroll);
}

function updateDrag() {
  const { ghost, element } = drag;
  ghost.style.transform = `translate(${drag.x - drag.offsetX}px, ${drag.y - drag.offsetY}px) rotate(${drag.kind === 'card' ? 2 : 1}deg)`;
  const board = $('#board');
  if (drag.kind === 'card') {
    // The pointer over the same list as before needs no hit test.
    let list = drag.list?.isConnected && inside(drag.list.getBoundingClientRect(), drag.x, drag.y) ? drag.list : null;
    if (!list) {
      const column = document.elementFromPoint(drag.x, drag.y)?.closest?.('.column');
      if (!column || !board.contains(column) || column.classList.contains('collapsed')) return;
      list = $('.cards', column);
      if (!list) return;
    }
    if (drag.list !== list || !drag.siblings) {
      drag.list = list;
      drag.siblings = [...list.children].filter((node) => node.classList.contains('card') && node !== element);
    }
    drag.before = firstBelow(drag.siblings, drag.y);
    showDropIndicator(drag.indicator, list, drag.before, drag.siblings);
  } else {
    const under = document.elementFromPoint(drag.x, drag.y);
    if (!under?.closest?.('#board')) return;
    const columns = $$(':scope > .column', board).filter((column) => column !== element);
    const before = columns.find((column) => {
      const rect = column.getBoundingClientRect();
      return drag.x < rect.left + rect.width / 2;
    }) ?? $('.add-column', board);
    if (element.nextElementSibling !== before) board.insertBefore(element, before);
  }
}

const inside = (rect, x, y) => x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;

/** Puts the drop line in `list` just above `before` (else below its last card, else at its top),
 * moved by a transform: nothing is laid out again. */
function showDropIndicator(indicator, list, before, siblings) {
  const listRect = list.getBoundingClientRect();
  const last = siblings[siblings.length - 1];
  let y;
  if (before) y = before.getBoundingClientRect().top - 5;
  else if (last) y = last.getBoundingClientRect().bottom + 3;
  else y = listRect.top + 4;
  y = Math.max(listRect.top, Math.min(listRect.bottom - 2, y));
  // Only what changed is written: a style written, even the same, makes the page restyle it.
  const width = `${Math.max(0, listRect.width - 16)}px`;
  const transform = `translate(${listRect.left + 8}px, ${y}px)`;
  if (indicator.style.width !== width) indicator.style.width = width;
  if (indicator.style.transform !== transform) indicator.style.transform = transform;
}

/** The first of `cards` (top to bottom) whose middle is below `y`, else null: a binary search,
 * so a move over a long column measures a dozen cards, not all of them. */
function firstBelow(cards, y) {
  let low = 0;
  let high = cards.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const rect = cards[middle].getBoundingClientRect();
    if (y < rect.top + rect.height / 2) high = middle;
    else low = middle + 1;
  }
  return cards[low] ?? null;
}

function nextCard(element) {
  let next = element.nextElementSibling;
  while (next && !next.classList.contains('card')) next = next.nextElementSibling;
  return next;
}

function autoScroll() {
  if (!drag?.active) return;
  const board = $('#board');
  const rect = board.getBoundingClientRect();
  const edge = 60;
  let scrolled = false;
  const speed = (distance) => Math.ceil((edge - distance) / 4);
  if (drag.x < rect.left + edge && board.scrollLeft > 0) {
    board.scrollLeft -= speed(drag.x - rect.left);
    scrolled = true;
  } else if (drag.x > rect.right - edge && board.scrollLeft < board.scrollWidth - board.clientWidth) {
    board.scrollLeft += speed(rect.right - drag.x);
    scrolled = true;
  }
  if (drag.kind === 'card') {
    // The list the last move found under the pointer: asking the page again each frame would
    // make it hit-test (and so lay out) the whole board sixty times a second.
    const list = drag.list;
    if (list?.isConnected) {
      const listRect = list.getBoundingClientRect();
      if (drag.y < listRect.top + 40 && list.scrollTop > 0) {
        list.scrollTop -= 8;
        scrolled = true;
      } else if (drag.y > listRect.bottom - 40 && list.scrollTop < list.scrollHeight - list.clientHeight) {
        list.scrollTop += 8;
        scrolled = true;
      }
    }
  }
  if (scrolled) updateDrag();
  drag.frame = requestAnimationFrame(autoScroll);
}

/** Ends the gesture, dropping when a drag was under way (`drop`), else putting things back. */
function stopDrag({ drop = false } = {}) {
  if (!drag) return;
  const finished = drag;
  drag = null;
  clearTimeout(finished.timer);
  cancelAnimationFrame(finished.frame);
  window.removeEventListener('pointermove', onDragMove);
  window.removeEventListener('pointerup', onDragEnd);
  window.removeEventListener('pointercancel', onDragCancel);
  finished.element.classList.remove('pressing');
  if (!finished.active) {
    if (finished.refreshAfter) scheduleRefresh(0);
    return;
  }
  lastDragEnd = performance.now();
  finished.ghost.remove();
  finished.indicator?.remove();
  finished.element.classList.remove('drag-placeholder');
  $('#board').classList.remove('dragging');
  let sent = false;
  if (drop) {
    sent = finished.kind === 'card' ? dropCard(finished) : dropColumn(finished.element);
  } else if (finished.kind === 'column') {
    finished.origin.parent.insertBefore(finished.element, finished.origin.next);
    render();
  }
  // A move that was sent refetches when it is answered; otherwise catch up on what came meanwhile.
  if (finished.refreshAfter && !sent) scheduleRefresh(0);
}

function onDragEnd(event) {
  if (!drag || event.pointerId !== drag.pointerId) return;
  stopDrag({ drop: true });
}

function onDragCancel(event) {
  if (!drag || event.pointerId !== drag.pointerId) return;
  stopDrag();
}

/** Drops the card of `finished` (a drag) where its line showed: the element goes there at once
 * (the only time the lists are laid out again), and the move is kept and sent. */
function dropCard(finished) {
  const { element, list, before, siblings } = finished;
  const id = element.dataset.id;
  const found = findCard(id);
  const columnName = list?.isConnected ? list.closest('.column')?.dataset.column : null;
  const target = columnName == null ? null : state.live.columns.find((column) => column.name === columnName);
  if (!found || !target) return false;
  const targetCards = target.cards.filter((card) => card.id !== id);
  const index = dropIndex(before, siblings ?? [], targetCards);
  if (found.column.name === columnName && found.index === index) return false;
  if (element.parentElement !== list || nextCard(element) !== before) list.insertBefore(element, before);
  for (const empty of $$(':scope > .empty-column', list)) empty.hidden = true;
  // The dragged element stays where it was dropped while the move is kept, then shows; the
  // move is said once the server has applied it.
  moveCard(found.card, columnName, index, targetCards);
  return true;
}

/** Where a dropped card lands among `targetCards` (its column without it): right before the
 * card shown below it (`before`), else right after the last one shown above it (a filter or
 * the cards not shown yet may leave cards out in between). */
function dropIndex(before, siblings, targetCards) {
  const indexOf = (node) => (node ? targetCards.findIndex((card) => card.id === node.dataset.id) : -1);
  if (indexOf(before) >= 0) return indexOf(before);
  const above = before ? siblings[siblings.indexOf(before) - 1] : siblings[siblings.length - 1];
  if (indexOf(above) >= 0) return indexOf(above) + 1;
  return targetCards.length;
}

function dropColumn(element) {
  const name = element.dataset.column;
  const columns = $$('#board > .column');
  const at = columns.indexOf(element);
  const before = state.live.columns.findIndex((column) => column.name === name);
  if (at < 0 || at === before || before < 0) {
    render();
    return false;
  }
  ++boardTicket; // a board fetched before this move must not undo it on screen
  const serverIndex = state.server.columns.findIndex((column) => column.name === name);
  if (serverIndex >= 0) state.server.columns.splice(at, 0, ...state.server.columns.splice(serverIndex, 1));
  recompute();
  render();
  moveColumn(name, at);
  return true;
}

// A touch drag must not scroll the page; only a non-passive touchmove listener can stop that.
document.addEventListener('touchmove', (event) => {
  if (drag?.active) event.preventDefault();
}, { passive: false });
// A long press on a card must not open the context menu (Android) or the callout (iOS).
$('#board').addEventListener('contextmenu', (event) => {
  if (drag && event.target.closest('.card, .column-header')) event.preventDefault();
});

// ---------------------------------------------------------------------------------------------
// Undo and redo

let undoBusy = false;

/**
 * Undo: a change of this person's not yet sent is taken back right here (it leaves the outbox;
 * one in the push under way is waited for first); otherwise it is the server's undo, itself a
 * mutation pushed in order. Redo puts back what Undo took back here, else asks the server.
 */
async function undoOrRedo(which, force = false) {
  if (undoBusy) return;
  undoBusy = true;
  try {
    await syncReady;
    if (which === 'undo' && !force) {
      const own = lastOwnChange();
      if (own && sync.inFlight.has(keyOf(own))) await decisionOf(own, DIALOG_DECISION_MS);
      else if (own && !own.sent && (await takeBack(own))) return;
    }
    if (which === 'redo' && !force && sync.redoable.length > 0) {
      const record = sync.redoable.pop();
      await change(record.name, record.args, { since: record.since ?? null, local: record.local, keepRedo: true });
      const text = t('redid', { action: describeChange(record) });
      showToast(text, { timeout: 4000 });
      announce(text);
      return;
    }
    const preview = state.undo[which];
    await change(which, { force }, { since: null, local: { preview: preview?.action ?? null }, });
  } catch (error) {
    showError(error);
  } finally {
    undoBusy = false;
  }
}

/** Takes back `record`, never sent; resolves to false when it was sent meanwhile. */
async function takeBack(record) {
  if (!(await sync.outbox.takeOut(record, { tabID: sync.tabID }))) return false;
  await reloadOutbox();
  sync.redoable.push(record);
  outboxChanged();
  const text = t('changeTakenBack', { action: describeChange(record) });
  showToast(text, { timeout: 4000 });
  announce(text);
  return true;
}

/** Says what the server made of an undo or redo (`refusal`: `{error, conflict}`, else applied). */
function undoDecided(record, refusal) {
  const which = record.name;
  const preview = record.local?.preview;
  if (!refusal) {
    const text = preview ? t(which === 'undo' ? 'undid' : 'redid', { action: preview }) : t(which === 'undo' ? 'undone' : 'redone');
    showToast(text, { timeout: 4000 });
    announce(text);
    return;
  }
  // A refusal (nothing to undo, or someone else changed the same card since): the server's reason.
  const error = new ApiError(409, refusal.error);
  const canForce = refusal.conflict && !record.args?.force;
  showToast(error.message, {
    error: true,
    detail: errorDetail(error),
    timeout: 10000,
    action: canForce ? { label: t(which === 'undo' ? 'undoAnyway' : 'redoAnyway'), run: () => undoOrRedo(which, true) } : null,
  });
  announce([error.message, errorDetail(error)].filter(Boolean).join(' '));
}

const undo = () => undoOrRedo('undo');
const redo = () => undoOrRedo('redo');
$('#undo-button').addEventListener('click', undo);
$('#redo-button').addEventListener('click', redo);

function isTyping(target) {
  return target instanceof HTMLElement && (target.isContentEditable || target.matches('input, textarea, select'));
}

document.addEventListener('keydown', (event) => {
  if (event.defaultPrevented) return;
  const dialogOpen = $$('dialog').some((dialog) => dialog.open);
  const command = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (command && !event.altKey && (key === 'z' || key === 'y')) {
    if (isTyping(event.target) || dialogOpen) return;
    event.preventDefault();
    if (key === 'y' || event.shiftKey) redo();
    else undo();
    return;
  }
  if (event.key === 'Escape' && drag) {
    event.preventDefault();
    stopDrag();
    return;
  }
  if (dialogOpen || isTyping(event.target) || command || event.altKey) return;
  if (event.key === '?') {
    event.preventDefault();
    $('#help-dialog').showModal();
  } else if (event.key === '/') {
    event.preventDefault();
    $('#search-input').focus();
  } else if (key === 'n' && !state.past && state.live?.columns?.length) {
    event.preventDefault();
    const focusedColumn = document.activeElement?.closest?.('.column')?.dataset.column;
    openCardDialog({ column: focusedColumn ?? state.live.columns[0].name });
  } else if (event.key === 'Escape') {
    if (!$('#side-panel').hidden) closePanel();
    else if (state.past) exitPast();
  }
});

// ---------------------------------------------------------------------------------------------
// The side panel: history and deleted cards

let panelTicket = 0;

function openHistory(card = null, title = null) {
  startPanel({ kind: 'history', card, title, limit: PAGE_SIZE });
}

function openDeleted() {
  startPanel({ kind: 'deleted', limit: PAGE_SIZE });
}

/** Shows `panel`; another list than the one shown starts at its top, not where the last was scrolled. */
function startPanel(panel) {
  const shown = state.panel;
  if (!shown || shown.kind !== panel.kind || shown.card !== panel.card) {
    $('#side-panel-body').scrollTop = 0;
  }
  state.panel = panel;
  showPanel();
}

function showPanel() {
  $('#side-panel').hidden = false;
  document.body.classList.add('panel-open');
  renderHeader();
  refreshPanel();
  $('#side-panel-close').focus();
}

function closePanel() {
  state.panel = null;
  $('#side-panel').hidden = true;
  document.body.classList.remove('panel-open');
  renderHeader();
}

$('#side-panel-close').addEventListener('click', closePanel);
$('#history-button').addEventListener('click', () => (state.panel?.kind === 'history' && !state.panel.card ? closePanel() : openHistory()));
$('#deleted-button').addEventListener('click', () => (state.panel?.kind === 'deleted' ? closePanel() : openDeleted()));

/** Fetches the panel's entries again: as many as it shows (the first page, plus any asked for
 * with "Show more"), so a live update keeps what was opened. */
async function refreshPanel() {
  const panel = state.panel;
  if (!panel || !state.boardName) return;
  const ticket = ++panelTicket;
  const title = $('#side-panel-title');
  const tools = $('#side-panel-tools');
  const body = $('#side-panel-body');
  const limit = Math.min(panel.limit ?? PAGE_SIZE, 10_000);
  try {
    if (panel.kind === 'history') {
      title.textContent = panel.card ? t('cardHistoryTitle', { title: panel.title ?? '' }) : t('boardHistoryTitle', { name: state.boardName });
      const entries = await api('GET', historyPath(panel, limit));
      if (ticket !== panelTicket) return;
      tools.replaceChildren();
      if (panel.card) {
        const whole = el('button', { type: 'button', class: 'link-button' }, t('wholeBoard'));
        whole.addEventListener('click', () => openHistory());
        tools.append(whole);
      }
      panel.items = Array.isArray(entries) ? entries : [];
    } else {
      title.textContent = t('deletedCards');
      const deleted = await api('GET', deletedPath(limit));
      if (ticket !== panelTicket) return;
      tools.replaceChildren();
      panel.items = Array.isArray(deleted) ? deleted : [];
    }
    panel.more = panel.items.length >= limit;
    renderPanelBody(panel);
  } catch (error) {
    if (ticket !== panelTicket) return;
    body.replaceChildren(errorParagraph(error));
  }
}

/** `GET …/history` of the panel's board or card: `limit` entries, older than event `before`. */
function historyPath(panel, limit, before = null) {
  const query = new URLSearchParams({ limit: String(limit), lang: state.lang });
  if (panel.card) query.set('card', panel.card);
  if (before != null) query.set('before', String(before));
  return `${boardPath()}/history?${query}`;
}

/** `GET …/deleted`: `limit` cards, deleted before event `before`. */
const deletedPath = (limit, before = null) => `${boardPath()}/deleted?limit=${limit}${before != null ? `&before=${before}` : ''}`;

/** Draws the panel's entries, and "Show more" when the last page came back full. */
function renderPanelBody(panel) {
  const body = $('#side-panel-body');
  body.replaceChildren(panel.kind === 'history' ? renderHistory(panel.items) : renderDeleted(panel.items));
  if (panel.more && panel.items.length > 0) {
    const more = el('button', { type: 'button', class: 'secondary show-more' }, t('showMore'));
    more.addEventListener('click', () => showMore(more));
    body.append(more);
  }
}

/** Fetches the next, older page (`before` the oldest shown) and adds it below. */
async function showMore(button) {
  const panel = state.panel;
  if (!panel?.items?.length) return;
  const ticket = panelTicket;
  button.disabled = true;
  const before = panel.kind === 'history'
    ? Math.min(...panel.items.map((entry) => entry.sequence))
    : panel.items[panel.items.length - 1].sequence;
  try {
    const page = await api('GET', panel.kind === 'history' ? historyPath(panel, PAGE_SIZE, before) : deletedPath(PAGE_SIZE, before));
    if (ticket !== panelTicket || panel !== state.panel) return;
    const items = Array.isArray(page) ? page : [];
    const seen = new Set(panel.items.map((item) => `${item.sequence}:${item.id ?? ''}`));
    const shownBefore = panel.items.length;
    panel.items = panel.items.concat(items.filter((item) => !seen.has(`${item.sequence}:${item.id ?? ''}`)));
    panel.limit = (panel.limit ?? PAGE_SIZE) + PAGE_SIZE;
    panel.more = items.length >= PAGE_SIZE;
    renderPanelBody(panel);
    // Keep the keyboard where the reading goes on: the first of the entries just added.
    const rows = $$('#side-panel-body li');
    $('button', rows[shownBefore] ?? rows[rows.length - 1] ?? $('#side-panel-body'))?.focus();
    announce(t('shownCount', { count: panel.items.length }));
  } catch (error) {
    button.disabled = false;
    showError(error);
  }
}

function renderHistory(entries) {
  if (entries.length === 0) return el('p', { class: 'panel-empty' }, t('noHistory'));
  const list = el('ol', { class: 'history-list' });
  for (const entry of [...entries].sort((a, b) => b.sequence - a.sequence)) {
    const jump = el('button', {
      type: 'button', class: 'sequence-button', title: t('viewAsOf', { sequence: number(entry.sequence) }),
    }, `#${number(entry.sequence)}`);
    jump.addEventListener('click', () => enterPast(entry.sequence));
    list.append(el('li', { class: `history-entry kind-${entry.kind}` },
      el('p', { class: 'history-line' }, String(entry.line ?? '')),
      el('p', { class: 'history-meta' },
        jump,
        el('time', { datetime: entry.time, title: formatTime(entry.time) }, formatRelative(entry.time)),
        el('span', { class: 'history-actor' }, String(entry.actor ?? ''))),
    ));
  }
  return list;
}

function renderDeleted(cards) {
  if (cards.length === 0) return el('p', { class: 'panel-empty' }, t('noDeletedCards'));
  const columns = state.live?.columns ?? [];
  const list = el('ul', { class: 'deleted-list' });
  for (const card of cards) {
    const columnExists = columns.some((column) => sameName(column.name, card.column));
    const bringBack = el('button', { type: 'button', class: 'secondary small' }, icon('restore'), t('bringBack'));
    bringBack.addEventListener('click', async () => {
      bringBack.disabled = true;
      // A card whose column was removed since comes back to the first column.
      const args = { board: state.boardName, card: card.id, column: columnExists || columns.length === 0 ? null : columns[0].name, at: null };
      const kept = { id: card.id, title: card.title, description: card.description, due: card.due, column: card.column };
      try {
        pendingFocus = card.id;
        await change('reviveCard', args, { since: null, local: { title: card.title, card: kept } });
        announce(t('cardBroughtBack', { title: card.title }));
      } catch (error) {
        showError(error);
        bringBack.disabled = false;
      }
    });
    const meta = t('deletedMeta', { column: card.column ?? '', actor: card.actor ?? '', time: formatRelative(card.time) });
    list.append(el('li', { class: 'deleted-card' },
      el('div', { class: 'deleted-text' },
        el('p', { class: 'deleted-title' }, String(card.title ?? '')),
        el('p', { class: 'deleted-meta', title: formatTime(card.time) }, meta)),
      bringBack));
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// The time slider

let sliderHeld = false;
let pastTicket = 0;
let pastTimer = null;
const slider = $('#time-slider');

slider.addEventListener('pointerdown', () => { sliderHeld = true; });
window.addEventListener('pointerup', () => { sliderHeld = false; });
slider.addEventListener('input', () => {
  const sequence = Number(slider.value);
  clearTimeout(pastTimer);
  if (sequence >= state.latest) {
    if (state.past) exitPast();
    return;
  }
  $('#time-label').textContent = `#${number(sequence)}`;
  pastTimer = setTimeout(() => enterPast(sequence), 90);
});

/** Shows the board as it was right after event `sequence`, read-only. */
async function enterPast(sequence) {
  if (!state.boardName) return;
  if (sequence >= state.latest) {
    exitPast();
    return;
  }
  const ticket = ++pastTicket;
  state.past = { sequence, view: state.past?.view ?? null, time: null, missing: false };
  slider.value = String(sequence);
  renderTimebar();
  renderPastBanner();
  try {
    const [view, events] = await Promise.all([
      api('GET', `${boardPath()}?at=${sequence}`).catch((error) => {
        if (error.status === 404) return null;
        throw error;
      }),
      sequence > 0 ? api('GET', `/api/log?after=${sequence - 1}&limit=1`).catch(() => []) : Promise.resolve([]),
    ]);
    if (ticket !== pastTicket) return;
    state.past = { sequence, view, time: events?.[0]?.timestamp ?? null, missing: view === null };
    render();
    announce(t('pastBanner', { sequence: number(sequence), time: state.past.time ? formatTime(state.past.time) : '' }));
  } catch (error) {
    if (ticket === pastTicket) showError(error);
  }
}

function exitPast() {
  ++pastTicket;
  clearTimeout(pastTimer);
  if (!state.past) return;
  state.past = null;
  render();
  scheduleRefresh(0);
}

$('#now-button').addEventListener('click', () => {
  exitPast();
  announce(t('backToNowDone'));
});

$('#restore-button').addEventListener('click', async () => {
  if (!state.past) return;
  const { sequence } = state.past;
  const button = $('#restore-button');
  button.disabled = true;
  try {
    await write('POST', `${boardPath()}/restore`, { to: sequence });
    exitPast();
    const text = t('restored', { sequence: number(sequence) });
    announce(text);
    showToast(text, { undo: true, timeout: 8000, action: { label: t('undo'), run: undo } });
  } catch (error) {
    showError(error);
  } finally {
    button.disabled = false;
  }
});

// ---------------------------------------------------------------------------------------------
// Live updates

let stream = null;

/** Listens to the board's committed events; any event refetches (debounced). `client=` asks for
 * `event: ack` frames about this page's pushes too. When the stream breaks, the page tries again
 * after a wait that doubles (up to RETRY_LAST_MS), at once on Retry now or when the browser is
 * back online; each try fetches the board again first, so nothing of the gap is missed. */
function connectStream() {
  stream?.close();
  clearTimeout(connection.timer);
  stream = null;
  if (!state.boardName || typeof EventSource !== 'function') return;
  if (connection.state === 'live') setConnection('connecting');
  const client = sync.clientID ? `&client=${enc(sync.clientID)}` : '';
  const source = new EventSource(`/api/events?board=${enc(state.boardName)}&after=${state.latest}${client}`);
  const onEvent = (event) => {
    noteSequence(event.lastEventId);
    renderTimebar();
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
    if (state.past) exitPast();
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
function scheduleReconnect() {
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
// Due reminders

let dueDismissed = storage.get('kanban.dueDismissed', '');
const notified = new Set();

async function loadDue() {
  let items;
  try {
    items = await api('GET', '/api/due?within=24h');
  } catch (error) {
    if (error.status === 401) throw error;
    return;
  }
  items = Array.isArray(items) ? items : [];
  // A card that comes due while the page is open: a browser notification, when permitted.
  if (state.dueLoaded) {
    const before = new Map(state.due.map((item) => [item.id, item]));
    for (const item of items) {
      const previous = before.get(item.id);
      if (item.overdue && previous && !previous.overdue && !notified.has(item.id)) {
        notified.add(item.id);
        notify(item);
      }
    }
  }
  state.due = items;
  state.dueLoaded = true;
}

function notify(item) {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  try {
    const notification = new Notification(t('notificationTitle', { title: item.title }), {
      body: t('notificationBody', { board: item.board, column: item.column }),
      tag: `kanban-due-${item.id}`,
      icon: '/assets/icon.svg',
    });
    notification.onclick = () => {
      window.focus();
      goToCard(item);
    };
  } catch {
    // Some browsers allow notifications only from a service worker; the banner still shows it.
  }
}

/** The due cards worth a reminder: not those standing in their board's last column (done). */
function dueShown() {
  const lastColumn = new Map(state.boards.map((board) => [board.name, board.columns?.[board.columns.length - 1]?.name]));
  return state.due.filter((item) => !sameName(lastColumn.get(item.board), item.column));
}

const dueSignature = () => dueShown().map((item) => `${item.id}:${item.overdue ? 1 : 0}`).sort().join(',');

function renderDueBanner() {
  const banner = $('#due-banner');
  const items = dueShown();
  if (items.length === 0 || dueSignature() === dueDismissed) {
    banner.hidden = true;
    return;
  }
  banner.hidden = false;
  const overdue = items.filter((item) => item.overdue).length;
  $('#due-summary').textContent = overdue > 0
    ? t('dueSummaryOverdue', { count: items.length, overdue })
    : t('dueSummary', { count: items.length });
  const sorted = [...items].sort((a, b) => (b.overdue - a.overdue) || String(a.due).localeCompare(String(b.due)));
  $('#due-list').replaceChildren(...sorted.slice(0, 6).map((item) => {
    const when = item.overdue ? t('overdueSince', { when: formatDue(item.due) }) : t('dueOn', { when: formatDue(item.due) });
    const button = el('button', { type: 'button', class: `due-chip${item.overdue ? ' overdue' : ''}` },
      el('span', { class: 'due-chip-title' }, String(item.title ?? '')),
      el('span', { class: 'due-chip-when' }, item.board === state.boardName ? when : `${when} · ${item.board}`));
    button.addEventListener('click', () => goToCard(item));
    return el('li', {}, button);
  }), ...(sorted.length > 6 ? [el('li', { class: 'due-more' }, t('andMore', { count: sorted.length - 6 }))] : []));
  $('#notify-button').hidden = !('Notification' in window) || Notification.permission !== 'default';
}

function goToCard(item) {
  if (item.board !== state.boardName) {
    pendingFocus = item.id;
    switchBoard(item.board);
    return;
  }
  if (state.past) exitPast();
  revealCard(item.id);
  focusCard(item.id)?.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'smooth' });
}

$('#due-dismiss').addEventListener('click', () => {
  dueDismissed = dueSignature();
  storage.set('kanban.dueDismissed', dueDismissed);
  renderDueBanner();
});
$('#notify-button').addEventListener('click', async () => {
  try {
    await Notification.requestPermission();
  } finally {
    renderDueBanner();
  }
});
setInterval(async () => {
  try {
    await loadDue();
    renderDueBanner();
  } catch { /* shown on the next refresh */ }
}, DUE_POLL_MS);

// ---------------------------------------------------------------------------------------------
// Identity and sign-in

/** Asks what the server needs: whether it takes tokens (then the actor comes from the token). */
async function loadSession() {
  try {
    const session = await api('GET', '/api/session');
    state.tokens = Boolean(session?.tokens);
    state.sessionActor = typeof session?.actor === 'string' ? session.actor : null;
  } catch (error) {
    // 401: tokens are asked for (the sign-in dialog is open); anything else: assume none.
    state.tokens = error.status === 401;
  }
  renderHeader();
}

/** Whether the page must still ask this person's name before writing. */
const needsName = () => state.tokens === false && !state.actor;

let namePrompt = null;

/** Opens the name dialog (once at a time); resolves to the name given, or null when put off. */
function askName() {
  if (namePrompt) return namePrompt;
  const dialog = $('#name-dialog');
  namePrompt = new Promise((resolve) => {
    let answer = null;
    $('#name-input').value = state.actor ?? '';
    $('#name-error').textContent = '';
    $('#name-form').onsubmit = (event) => {
      event.preventDefault();
      const name = $('#name-input').value.trim();
      // Any text (Korean, accents, spaces): it travels percent-encoded; the server checks the length.
      if (name.length === 0 || [...name].length > LIMITS.name) {
        $('#name-error').textContent = t('badName');
        return;
      }
      answer = name;
      setActor(name);
      dialog.close();
    };
    $('#name-cancel').onclick = () => dialog.close();
    // `close` comes a moment after close(): the name is taken already, on submit.
    dialog.addEventListener('close', () => {
      namePrompt = null;
      resolve(answer);
    }, { once: true });
    dialog.showModal();
    $('#name-input').select();
  });
  return namePrompt;
}

/** Takes `name` as this person's name: kept in the browser, their own undo stack shown. */
function setActor(name) {
  state.actor = name;
  storage.set('kanban.actor', name);
  renderHeader();
  scheduleRefresh(0);
}

/** Before a write: a name, asked for when missing (a write without one is not sent). */
async function ensureActor() {
  if (!needsName()) return;
  if (!(await askName())) throw new Error(t('nameNeeded'));
}

$('#actor-button').addEventListener('click', (event) => {
  if (!state.tokens) {
    askName();
    return;
  }
  openMenu(event.currentTarget, [
    { label: t('signedInAs', { name: state.sessionActor ?? '' }), disabled: true, run: () => {} },
    { label: t('signOut'), run: signOut },
  ]);
});

/** Ends this browser's session (`DELETE /api/session`) and asks for a token again. The changes
 * made here and not yet sent are this person's: after a confirmation they are discarded, and the
 * next person syncs under a new client id, so nothing of one is sent as the other. */
async function signOut() {
  const waiting = [...undecided(), ...refusedRecords()];
  if (waiting.length > 0 && !(await confirmDialog({
    title: t('signOutTitle'), message: t('signOutDiscards', { count: waiting.length }), ok: t('signOut'),
  }))) return;
  try {
    await api('DELETE', '/api/session');
  } catch (error) {
    if (error.status !== 401) {
      showError(error);
      return;
    }
  }
  if (sync.outbox) {
    await sync.outbox.remove(waiting);
    const fresh = randomID('c');
    await sync.outbox.register(fresh);
    storage.set('kanban.clientID', fresh);
    sync.clientID = fresh;
    await reloadOutbox();
    outboxChanged();
  }
  stream?.close();
  state.sessionActor = null;
  announce(t('signedOut'));
  requestSignIn();
}

let signInShown = false;

function requestSignIn() {
  // With tokens the server takes the actor from the token: the name setting does not apply.
  state.tokens = true;
  state.sessionActor = null;
  renderHeader();
  if (signInShown) return;
  signInShown = true;
  const dialog = $('#signin-dialog');
  $('#signin-error').textContent = '';
  $('#signin-token').value = '';
  for (const other of $$('dialog')) if (other.open && other !== dialog) other.close();
  dialog.showModal();
  $('#signin-token').focus();
}

$('#signin-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const token = $('#signin-token').value.trim();
  if (!token) return;
  try {
    const response = await fetch('/api/session', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': newKey() },
      body: JSON.stringify({ token }),
    });
    if (!response.ok) {
      const data = await response.json().catch(() => null);
      throw response.status === 401 ? new Error(t('badToken')) : new ApiError(response.status, data?.error ?? '');
    }
    const session = await response.json().catch(() => null);
    state.sessionActor = typeof session?.actor === 'string' ? session.actor : null;
    signInShown = false;
    $('#signin-dialog').close();
    renderHeader();
    connectStream();
    await refresh();
  } catch (error) {
    showErrorIn($('#signin-error'), error);
  }
});
// The sign-in dialog cannot be dismissed with Escape: nothing works without it.
$('#signin-dialog').addEventListener('cancel', (event) => event.preventDefault());

// ---------------------------------------------------------------------------------------------
// The Flow view: the board's flow metrics (`GET /api/boards/{b}/flow`) drawn by flow.js

let flowTicket = 0;
/** The last report shown, redrawn when the language changes. */
let flowReport = null;

async function openFlow() {
  const dialog = $('#flow-dialog');
  const ticket = ++flowTicket;
  flowReport = null;
  renderFlow();
  if (!dialog.open) dialog.showModal();
  try {
    const report = await api('GET', `${boardPath()}/flow`);
    if (ticket !== flowTicket) return;
    flowReport = report;
    renderFlow();
  } catch (error) {
    if (ticket !== flowTicket) return;
    $('#flow-body').replaceChildren(errorParagraph(error));
  }
}

function renderFlow() {
  const report = flowReport;
  const options = { t, lang: state.lang };
  $('#flow-title').textContent = t('flowTitle', { name: report?.board ?? state.boardName ?? '' });
  const days = report?.days ?? [];
  $('#flow-window').textContent = days.length
    ? t('flowWindow', { from: days[0].date, to: days[days.length - 1].date, count: days.length })
    : '';
  const body = $('#flow-body');
  if (!report) {
    body.replaceChildren(el('p', { class: 'panel-empty' }, t('flowLoading')));
    return;
  }
  const scatter = cycleScatter(report, options);
  body.replaceChildren(
    summary(report, options),
    el('section', { class: 'flow-chart' },
      el('h3', {}, t('cumulativeFlow')), cumulativeFlow(report, options), legend(report)),
    el('section', { class: 'flow-chart' },
      el('h3', {}, t('cycleTimeChart')), scatter ?? el('p', { class: 'panel-empty' }, t('noCycleTimes'))),
    el('p', { class: 'hint' }, t('flowNote')),
  );
}

$('#flow-button').addEventListener('click', () => openFlow());
// Closed, the charts leave the page (thousands of elements a big board's flow draws).
$('#flow-dialog').addEventListener('close', () => { flowTicket++; $('#flow-body').replaceChildren(); });

// ---------------------------------------------------------------------------------------------
// Language

function applyLanguage() {
  t = translator(state.lang);
  document.documentElement.lang = state.lang;
  $('#lang-select').value = state.lang;
  for (const node of $$('[data-i18n]')) node.textContent = t(node.dataset.i18n);
  for (const node of $$('[data-i18n-attr]')) {
    for (const pair of node.dataset.i18nAttr.split(';')) {
      const [attribute, key] = pair.split(':');
      node.setAttribute(attribute, t(key));
    }
  }
  renderSyncStatus();
}

$('#lang-select').addEventListener('change', (event) => {
  if (!(event.target.value in LANGUAGES)) return;
  state.lang = event.target.value;
  storage.set('kanban.lang', state.lang);
  applyLanguage();
  render();
  if (state.panel) refreshPanel();
  if ($('#flow-dialog').open) renderFlow();
});

$('#help-button').addEventListener('click', () => $('#help-dialog').showModal());

// ---------------------------------------------------------------------------------------------
// Start

// After a render, focus the card an action asked for (a new card, an edited one, one brought back).
const observer = new MutationObserver(() => {
  if (pendingFocus && !$$('dialog').some((dialog) => dialog.open) && focusCard(pendingFocus)) pendingFocus = null;
});
observer.observe($('#board'), { childList: true });

/** The board the address names: `?board=NAME`, or `#board=NAME` (older links; the address
 * loses the hash once followed, so one there was just put there). */
function boardInAddress() {
  return new URLSearchParams(location.hash.slice(1)).get('board') ?? new URLSearchParams(location.search).get('board');
}

/** Puts the board shown into the address bar (`?board=NAME`, percent-encoded): a new history
 * entry when `push` (the user switched), else in place (the board was chosen or renamed). */
function syncAddress(push) {
  if (!state.boardName) return;
  const search = `?board=${enc(state.boardName)}`;
  if (location.search === search && !location.hash) return;
  history[push ? 'pushState' : 'replaceState']({ board: state.boardName }, '', `${location.pathname}${search}`);
}

/** Back and forward: show the board the address names then. */
function followAddress() {
  const wanted = boardInAddress();
  if (wanted) switchBoard(state.boards.find((board) => sameName(board.name, wanted))?.name ?? wanted, { push: false });
}

window.addEventListener('popstate', followAddress);
window.addEventListener('hashchange', followAddress);

/** Installs the service worker that lets the page load without the server (it needs a secure
 * context: https, or a loopback address). */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/assets/sw.js', { scope: '/' }).catch(() => {
    // Not allowed here (such as plain http to another host): the page works, online only.
  });
}

async function start() {
  applyLanguage();
  render();
  registerServiceWorker();
  try {
    const session = loadSession();
    const boards = session.then(loadBoards);
    boards.catch(() => {}); // handled below, once the outbox is open
    // The outbox before the first render of the board: changes kept on this device show at once.
    await syncReady.catch(() => {});
    await boards;
    chooseBoard(boardInAddress());
    await refresh();
  } catch (error) {
    if (error.status !== 401 && error.status !== 0) showError(error);
  }
  // Only now: the stream starts after the sequence the board was fetched at, not at the log's start.
  connectStream();
  if (!stream) scheduleReconnect();
  flush();
  document.body.dataset.ready = 'true';
  // A first visit without tokens: a name before anything is changed (no shared default).
  if (needsName() && !$$('dialog').some((dialog) => dialog.open)) askName();
}

start();
