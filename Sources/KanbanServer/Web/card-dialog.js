// The card dialog: adding, editing, viewing and deleting a card, and saving over a conflict.

import { $, $$, characterCount, DIALOG_DECISION_MS, el, LIMITS, newKey } from '/assets/dom.js';
import { notAllowedReason } from '/assets/access.js';
import { connection, hooks, shared, state, sync, t } from '/assets/store.js';
import { api, ApiError, boardPath, errorDetail, showErrorIn } from '/assets/api.js';
import { dueDate, markdown, number } from '/assets/format.js';
import { announce, confirmDialog, showError, showToast } from '/assets/ui.js';
import { change, decisionOf, describeChange, dropRecord, findCard, refusalError } from '/assets/sync.js';
import { columnElement, focusCard } from '/assets/render.js';
import { openHistory } from '/assets/history.js';
import { cardDialog, openCardDetails } from '/assets/card-details.js';

// ---------------------------------------------------------------------------------------------
// The card dialog

/** The date part for `<input type=date>` of a due value (a date-time shows as its local date). */
function dueInputValue(due) {
  const parsed = dueDate(due);
  if (!parsed) return '';
  const { date } = parsed;
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export function openCardDialog({ column = null, card = null, readOnly = false, since = null }) {
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
  // Changing a card is an editor's; the reason shows on the button.
  const refusal = notAllowedReason('editor');
  $('#card-save').disabled = Boolean(refusal) || titleLength === 0 || titleLength > LIMITS.title || descriptionLength > LIMITS.description;
  if (refusal) $('#card-save').title = refusal;
  else $('#card-save').removeAttribute('title');
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
      shared.pendingFocus = id;
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
      shared.pendingFocus = card.id;
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

export async function deleteCard(card) {
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
    showToast(t('cardDeleted', { title: card.title }), { undo: true, timeout: 8000, action: { label: t('undo'), run: hooks.undo } });
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
