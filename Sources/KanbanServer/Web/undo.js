// Undo and redo: the buttons, the keys (Ctrl+Z, Ctrl+Shift+Z / Ctrl+Y) and what they say.

import { $, $$, DIALOG_DECISION_MS } from '/assets/dom.js';
import { shared, state, sync, t } from '/assets/store.js';
import { ApiError, errorDetail } from '/assets/api.js';
import { announce, showError, showToast } from '/assets/ui.js';
import { change, decisionOf, describeChange, keyOf, lastOwnChange, outboxChanged, reloadOutbox, syncReady } from '/assets/sync.js';
import { closePanel, exitPast } from '/assets/history.js';
import { openCardDialog } from '/assets/card-dialog.js';
import { stopDrag } from '/assets/drag.js';

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
export function undoDecided(record, refusal) {
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

export const undo = () => undoOrRedo('undo');
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
  if (event.key === 'Escape' && shared.drag) {
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
