// The page's store: the state every section reads (`state`), the translator of its language (`t`),
// the few values sections share while the page runs (`shared`), and change notifications. A section
// that changed something calls `notify(change)`; the section that draws it has `subscribe`d:
//   'board'    the board must be drawn again (render.js)
//   'header'   the top bar (render.js)      'timebar'  the time bar (render.js)
//   'sync'     the outbox or the connection changed: the status pill (live.js)
//   'outbox'   the outbox changed: the open card's details (card-details.js)
//   'refreshed' the board was fetched again: the side panel and the card's details (board.js)
// Listeners run at once, in the order they subscribed, so a notification acts as the call it
// replaces. `hooks` holds the few actions a lower module starts in a higher one (an "Undo"
// button in a toast, a column's menu): board.js fills it at start, so no module imports upward.

import { pickLanguage, translator } from '/assets/i18n.js';
import { storage } from '/assets/dom.js';

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
