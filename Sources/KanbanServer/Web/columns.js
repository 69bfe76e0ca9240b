// Boards and columns: switching, making, renaming and removing boards; adding, renaming, moving,
// limiting and removing columns.

import { $, PAGE_SIZE, storage } from '/assets/dom.js';
import { hooks, state, t } from '/assets/store.js';
import { boardPath, columnPath } from '/assets/api.js';
import { announce, confirmDialog, openMenu, promptDialog, showError, showToast } from '/assets/ui.js';
import { push } from '/assets/sync.js';
import { connectStream, refresh, scheduleRefresh, syncAddress } from '/assets/live.js';
import { columnLimitOf, render } from '/assets/render.js';
import { write } from '/assets/identity.js';
import { outdatePastFetches, refreshPanel } from '/assets/history.js';
import { openBoardDetails } from '/assets/board-details.js';

// ---------------------------------------------------------------------------------------------
// Boards and columns

$('#board-select').addEventListener('change', (event) => switchBoard(event.target.value));

/** Shows board `name`; `push` makes it a new entry of the browser's history (not when going
 * back or forward to it). */
export function switchBoard(name, { push = true } = {}) {
  if (!name || name === state.boardName) return;
  state.boardName = name;
  storage.set('kanban.board', name);
  if (push) syncAddress(true);
  state.server = null;
  state.live = null;
  state.past = null;
  outdatePastFetches();
  // The panel follows the board (a card's history becomes the new board's history).
  if (state.panel?.kind === 'history') state.panel = { kind: 'history', card: null, title: null, limit: PAGE_SIZE };
  if (state.panel?.kind === 'deleted') state.panel = { kind: 'deleted', limit: PAGE_SIZE };
  if (state.panel) refreshPanel();
  connectStream();
  render();
  refresh();
}

export function newBoard() {
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
    showToast(t('boardRemoved', { name }), { undo: true, action: { label: t('undo'), run: hooks.undo } });
  } catch (error) {
    showError(error);
  }
}

export function addColumn() {
  promptDialog({
    title: t('addColumn'),
    label: t('columnName'),
    ok: t('add'),
    submit: async ({ value }, key) => {
      await write('POST', `${boardPath()}/columns`, { name: value.trim() }, key);
    },
  });
}

export function renameColumn(old) {
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
export function setColumnLimit(name) {
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

export async function moveColumn(name, at) {
  try {
    await write('POST', `${columnPath(name)}/move`, { at });
    announce(t('columnMoved', { name, position: at + 1 }));
  } catch (error) {
    showError(error);
    scheduleRefresh(0);
  }
}

export async function removeColumn(name, count) {
  const confirmed = await confirmDialog({
    title: t('removeColumn'),
    message: t('removeColumnMessage', { name, count }),
    ok: t('remove'),
  });
  if (!confirmed) return;
  try {
    await write('DELETE', columnPath(name));
    showToast(t('columnRemoved', { name }), { undo: true, action: { label: t('undo'), run: hooks.undo } });
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
