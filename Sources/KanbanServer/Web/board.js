// The kanban web board: plain JavaScript modules, no framework, no build step. This is the entry
// module: it wires the sections together, sets the language and starts the page.
//
// The page fetches the board from the JSON API and refetches when the live event stream says
// something was committed (by this page, another browser or the command line). It works offline
// first: each change to cards is kept in an outbox in IndexedDB (outbox.js) before it shows, the
// board shown is the server's plus those pending changes, and they are pushed to the server
// (`POST /api/sync/push`) whenever it answers. A service worker (sw.js) lets the page load without
// the server. User text is only ever put into the page with textContent (through `el`), never
// as HTML.
//
// The modules import downward only, so no two import each other, directly or round a circle
// (a module's imports say what it stands on):
//   board.js (this entry)
//   → the sections: flowview, due, undo, drag, columns, card-dialog, board-details, card-details,
//     history, identity, render, filters, live, sync (each may import only those after it)
//   → ui.js (toasts, menus, prompt/confirm), format.js (numbers, dates, Markdown)
//   → api.js (requests; reports sign-in and refresh needs as events)
//   → store.js (state, `t`, `subscribe`/`notify`, `hooks`) → dom.js (helpers)
//   and beside them the pure modules: i18n.js (+ i18n-en/ko/fr.js), details.js, outbox.js, flow.js.
// Why: the page was one file of 4,600 lines where every section could call every other. Now a
// lower section that needs something drawn says what changed (`notify`, or an event of api.js)
// and the section that draws it listens; the few actions started from below (an "Undo" button
// in a toast, a column's menu) go through `hooks`, filled in here before the page starts.

import { LANGUAGES } from '/assets/i18n.js';
import { $, $$, sameName, storage } from '/assets/dom.js';
import { hooks, shared, state, subscribe, t, useLanguage } from '/assets/store.js';
import { showError } from '/assets/ui.js';
import { flush, syncReady } from '/assets/sync.js';
import { boardInAddress, chooseBoard, connectStream, loadBoards, refresh, renderSyncStatus, scheduleReconnect, stream } from '/assets/live.js';
import { columnElements, focusCard, render } from '/assets/render.js';
import { askName, ensureActor, loadSession, needsName } from '/assets/identity.js';
import { exitPast, refreshPanel } from '/assets/history.js';
import { cardDetails, loadCardDetails } from '/assets/card-details.js';
import { refreshBoardDetails } from '/assets/board-details.js';
import { openCardDialog } from '/assets/card-dialog.js';
import { addColumn, moveColumn, newBoard, removeColumn, renameColumn, setColumnLimit, switchBoard } from '/assets/columns.js';
import { undo, undoDecided } from '/assets/undo.js';
import { loadDue, renderDueBanner } from '/assets/due.js';
import { renderFlow } from '/assets/flowview.js';

// ---------------------------------------------------------------------------------------------
// Wiring: what lower modules start in higher ones, and what the page does after a refetch

Object.assign(hooks, {
  // from sync.js: the first change asks for a name; an undo or redo decided
  ensureActor, undoDecided,
  // from live.js: a refetch loads the due list; refusal notices go into the columns drawn; the
  // stream's return ends a look at the past
  loadDue, columnElements, exitPast,
  // from render.js: the banner and dialog it keeps up to date, the buttons and column menus it draws
  renderDueBanner, refreshBoardDetails, newBoard, addColumn, openCardDialog,
  renameColumn, moveColumn, setColumnLimit, removeColumn,
  // from toasts of card-dialog.js, history.js, columns.js: "Undo"
  undo,
});

subscribe((change) => {
  if (change !== 'refreshed') return;
  if (state.panel) refreshPanel();
  // Someone (or this page) changed the board: the open card's details as they are now.
  if (cardDetails.card) loadCardDetails();
});

// ---------------------------------------------------------------------------------------------
// Language

function applyLanguage() {
  useLanguage(state.lang);
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
  if (shared.pendingFocus && !$$('dialog').some((dialog) => dialog.open) && focusCard(shared.pendingFocus)) shared.pendingFocus = null;
});
observer.observe($('#board'), { childList: true });

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
