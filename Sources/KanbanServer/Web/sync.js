// Changes to cards, offline first: the outbox (IndexedDB, outbox.js), the board shown (the server's
// plus the pending changes) and the push to the server (`POST /api/sync/push`), with what a
// refused change says and when a move is announced. It draws nothing itself: it notifies
// 'board', 'sync' and 'outbox' (store.js).

import { isNumbered, openOutbox } from '/assets/outbox.js';
import { applyBoardDetail, BOARD_DETAIL_CHANGES, CARD_DETAIL_CHANGES, cardFaceWith } from '/assets/details.js';
import { enc, newKey, RETRY_FIRST_MS, RETRY_LAST_MS, sameName, storage, SYNC_TIMEOUT_MS } from '/assets/dom.js';
import { connection, hooks, notify, shared, state, sync, t } from '/assets/store.js';
import { ApiError, errorDetail, requestRefresh, signInNeeded } from '/assets/api.js';
import { dueDate } from '/assets/format.js';
import { announce, dismissUndoToasts } from '/assets/ui.js';

// ---------------------------------------------------------------------------------------------
// Changes to cards, offline first: the outbox, the board shown, the push to the server

/** A mutation's key in the page's maps: its `uid`, which renumbering does not change. */
export const keyOf = (record) => record.uid;
export const isUndoRedo = (record) => record.name === 'undo' || record.name === 'redo';
export const undecided = () => sync.records.filter((record) => record.status === 'pending');
export const refusedRecords = () => sync.records.filter((record) => record.status === 'refused');

/** Tells the page's other tabs that the outbox changed (they share it). */
const outboxChannel = typeof BroadcastChannel === 'function' ? new BroadcastChannel('kanban-outbox') : null;
outboxChannel?.addEventListener('message', async () => {
  await reloadOutbox();
  showChanges();
});

/** A random id for the sync routes: a letter and 32 hex digits. */
export const randomID = (prefix) => `${prefix}${newKey().replaceAll('-', '')}`;

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

export const syncReady = openSync();
sync.tabID = randomID('t');

export async function reloadOutbox() {
  if (sync.outbox) sync.records = await sync.outbox.all();
}

/** After the outbox changed: the board shown again, the status, the other tabs. */
export function outboxChanged() {
  showChanges();
  outboxChannel?.postMessage('changed');
}

/** Works out the board shown and draws it (after the drag under way, if any). */
export function showChanges() {
  recompute();
  notify('sync');
  notify('outbox');
  if (shared.drag) {
    shared.drag.refreshAfter = true;
    return;
  }
  if (state.loaded) notify('board');
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
export function recompute() {
  const reflected = Number(state.server?.sequence ?? -1);
  const mutations = sync.records.filter((record) => replayed(record, reflected));
  state.live = mutations.length > 0 ? rebase(state.server, mutations) : state.server;
}

/** Forgets the applied mutations the board the page loaded reflects (its `sequence` is at or
 * after the push's); until then they stay in the outbox, so a page reloaded on an older copy
 * of the board (the service worker's) still shows them. */
export async function forgetReflected() {
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
export async function change(name, args, { since = state.server?.sequence ?? null, local = {}, keepRedo = false } = {}) {
  await hooks.ensureActor();
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
export function decisionOf(record, timeout) {
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
export function describeChange(record) {
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
export function lastOwnChange() {
  const own = undecided().filter((record) => !isUndoRedo(record) && (state.tokens || record.actor === state.actor));
  return own[own.length - 1] ?? null;
}

/** Sends the undecided mutations, lowest number first, in batches, until none is left or the
 * server does not answer (then again after a wait, doubling up to RETRY_LAST_MS). One push at a
 * time, across the page's tabs too (navigator.locks; a browser without it may push from two tabs
 * at once: each mutation is still decided once, but a tab's renumbering may then wait for the
 * other's push to be a minute old). Nothing is sent while the live stream is down: a mutation
 * never sent can still be taken back here, and the stream's return sends them. */
export function flush() {
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
      notify('sync');
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
export function abortSyncRequest() {
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
export async function push(batch) {
  for (const record of batch) sync.inFlight.add(keyOf(record));
  notify('sync');
  const headers = { Accept: 'application/json', 'Content-Type': 'application/json' };
  if (batch[0].actor) headers['X-Kanban-Actor'] = encodeURIComponent(batch[0].actor);
  const body = { clientGroupID: sync.clientGroupID, clientID: batch[0].clientID, mutations: batch.map(wire) };
  try {
    const { response, data } = await syncFetch('/api/sync/push', { method: 'POST', headers, body: JSON.stringify(body) });
    if (response.status === 401) signInNeeded();
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
      if (isUndoRedo(record)) hooks.undoDecided(record, refusal);
      else if (!sync.waiters.has(keyOf(record))) announce(refusalSentence({ ...record, ...refusal, notDecided: true }));
      announceDecision(record, { status: 'refused', ...refusal, notDecided: true });
      outboxChanged();
      return true;
    }
  }
  sync.pushFailed = true;
  sync.pushForbidden = error.status === 403 ? (error.detail || error.message) : null;
  for (const record of batch) announceDecision(record, null);
  notify('sync');
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
    if (isUndoRedo(record)) hooks.undoDecided(record, null);
    announceDecision(record, { status: 'applied' });
  }
  // A refusal is said here unless something waits for it (a dialog, a keyboard move), which says it.
  const unheard = [];
  for (const item of refused) {
    if (isUndoRedo(item.record)) hooks.undoDecided(item.record, item);
    else if (!sync.waiters.has(keyOf(item.record))) unheard.push({ ...item.record, ...item });
    announceDecision(item.record, { status: 'refused', error: item.error, conflict: item.conflict, code: item.code, values: item.values });
  }
  if (unheard.length > 0) announce(unheard.map(refusalSentence).join(' '));
  if (decisions.length > 0) outboxChanged();
  if (applied.length > 0) requestRefresh(0);
}

let takingAcks = null;

/** `event: ack`: what a push of this client decided, mutations `from` through `through` (one
 * whose answer this page did not get, such as another tab's): those in `refused` were refused,
 * the others applied. Only that range is decided by it. An ack about a mutation still in this
 * page's push waits for that push to end (its answer decides first). */
export async function takeAcks() {
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
export async function dropRecord(record) {
  await sync.outbox.remove([record]);
  await reloadOutbox();
  outboxChanged();
}

// ---------------------------------------------------------------------------------------------
// What a refused change says
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

/** A refusal as an error to show where the change was made: the page's own sentence when it has
 * words for the kind, else the sentence of its status with the server's line. */
export function refusalError(refusal) {
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

// ---------------------------------------------------------------------------------------------
// Cards of the board shown

/** The card `id` of the board shown (or of `view`) as `{card, column, index}`, or null. */
export function findCard(id, view = state.live) {
  for (const column of view?.columns ?? []) {
    const index = (column.cards ?? []).findIndex((card) => card.id === id);
    if (index >= 0) return { card: column.cards[index], column, index };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Saying a move once the server decided
/** How long a move waits for the server's decision before it is said as saved on this device. */
const MOVE_DECISION_MS = 10_000;

/** Says `applied` once the server applied `record`, never before: a screen reader is not told
 * a card moved that then comes back. A refusal says why; no answer (offline, or a slow server)
 * says the change waits on this device. */
export async function announceWhenDecided(record, applied) {
  const decision = connection.state === 'live' && !sync.pushFailed ? await decisionOf(record, MOVE_DECISION_MS) : null;
  if (decision?.status === 'applied') announce(applied);
  else if (decision?.status === 'refused') announce(refusalSentence({ ...record, ...decision }));
  else announce(t('changeQueued', { change: describeChange(record) }));
}
