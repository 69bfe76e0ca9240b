// The page's store: what the page knows, in one place below the sections. It holds the state
// every section reads (`state`: the boards, the board shown, the filters, the panel...), the
// translator of its language (`t`), what the page knows of its changes and of the connection
// (`sync`, `connection`), the folded columns, and the few values sections share while the page
// runs (`shared`: the drag under way, the card to focus, the held time slider).
//
// Setters notify: `setConnection`, `toggleFolded`. A section that changed something else calls
// `notify(change)` itself; the section that draws it has `subscribe`d:
//   'board'     the board must be drawn again (render.js)
//   'header'    the top bar (render.js)      'timebar'  the time bar (render.js)
//   'sync'      the outbox or the connection changed: the status pill (live.js)
//   'outbox'    the outbox changed: the open card's details (card-details.js)
//   'refreshed' the board was fetched again: the side panel and the card's details (board.js)
// Listeners run at once, in the order they subscribed, so a notification acts as the call it
// replaces. `hooks` holds the few actions a lower module starts in a higher one (an "Undo"
// button in a toast, a column's menu): board.js fills it at start, so no module imports upward.

import { pickLanguage, translator } from '/assets/i18n.js';
import { PUSH_BATCH, PUSH_BYTES, storage } from '/assets/dom.js';

// ---------------------------------------------------------------------------------------------
// State

export const state = {
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
export let t = translator(state.lang);

// ---------------------------------------------------------------------------------------------
// Changes to cards and the connection (their code is sync.js and live.js)

/**
 * What the page knows of its changes. Each change to cards (add, edit, move, delete, bring back,
 * undo, redo) is a mutation kept in the outbox (IndexedDB, outbox.js) before it shows; the board
 * shown is the server's plus the undecided mutations replayed on top (`recompute`); they are sent
 * in order (`flush`) whenever the server answers, and leave the outbox once it has decided them.
 */
export const sync = {
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
export const connection = { state: 'connecting', attempt: 0, timer: null };

/** Sets the live stream's state (`connection.state`) and notifies 'sync'. */
export function setConnection(status) {
  connection.state = status;
  notify('sync');
}

// ---------------------------------------------------------------------------------------------
// Folded columns

/** Folded columns by board name, as kept in the browser. */
const collapsed = readCollapsed();

function readCollapsed() {
  try {
    const value = JSON.parse(storage.get('kanban.collapsed', '{}'));
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

/** Whether column `name` of the board shown is folded. */
export const isCollapsed = (name) => Array.isArray(collapsed[state.boardName]) && collapsed[state.boardName].includes(name);

/** Folds or unfolds column `name` of the board shown, remembers it and notifies 'board';
 * returns whether it is folded now. */
export function toggleFolded(name) {
  const names = new Set(Array.isArray(collapsed[state.boardName]) ? collapsed[state.boardName] : []);
  if (names.has(name)) names.delete(name);
  else names.add(name);
  if (names.size > 0) collapsed[state.boardName] = [...names];
  else delete collapsed[state.boardName];
  storage.set('kanban.collapsed', JSON.stringify(collapsed));
  notify('board');
  return names.has(name);
}

// ---------------------------------------------------------------------------------------------
// Shared values, hooks and notifications

/** Values sections share while the page runs: the drag under way (a refetch waits for it), the
 * card to focus after the next render, and whether the time slider is held. */
export const shared = { drag: null, pendingFocus: null, sliderHeld: false };

/** Actions of higher sections that lower ones start (filled in by board.js; see the top). */
export const hooks = {};

/** Switches the translator to `lang`. */
export function useLanguage(lang) {
  t = translator(lang);
}

const listeners = new Set();

/** Calls `listener(change)` on every notification; returns the function that stops it. */
export function subscribe(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells the listeners that `change` happened (see the top for the names). */
export function notify(change) {
  for (const listener of listeners) listener(change);
}
