// The board's labels, members with their roles, and who may see it, in their dialog.

import { $, $$, DIALOG_DECISION_MS, el, icon } from '/assets/dom.js';
import { connection, state, sync, t } from '/assets/store.js';
import { errorDetail, showErrorIn } from '/assets/api.js';
import { announce } from '/assets/ui.js';
import { change, decisionOf, dropRecord, refusalError } from '/assets/sync.js';
import { initials, LABEL_COLOURS, labelChipClass } from '/assets/render.js';
import { addRow, boardPeople, detailChip, detailIconButton } from '/assets/card-details.js';
import { allowOnly, mayDo, ROLES } from '/assets/access.js';

// ---------------------------------------------------------------------------------------------
// The board's labels and members

/** The colours a label can have, in Trello's order, with the key of each one's name. */
const COLOUR_NAMES = [['green', 'colourGreen'], ['yellow', 'colourYellow'], ['orange', 'colourOrange'], ['red', 'colourRed'],
  ['purple', 'colourPurple'], ['blue', 'colourBlue'], ['sky', 'colourSky'], ['lime', 'colourLime'], ['pink', 'colourPink'],
  ['black', 'colourBlack'], ['grey', 'colourGrey']];

const boardDetails = { focus: null, shown: '', error: null };

export function openBoardDetails() {
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
  boardDetails.shown = shownSignature(view);
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

  const roles = view?.roles ?? {};
  const memberChips = members.map((person) => {
    const role = roleSelect(`board-member-role:${person}`, t('memberRole', { name: person }), roles[person] ?? 'editor');
    role.addEventListener('change', () => boardDetailChange('setMemberRole', { person, role: role.value }, { focus: `board-member-role:${person}` }));
    return detailChip('detail-chip person-chip',
      [el('span', { class: 'avatar', 'aria-hidden': 'true' }, initials(person)), el('span', { class: 'chip-text' }, person), role],
      t('removeMember', { name: person }), `board-member-remove:${person}`,
      () => boardDetailChange('removeMember', { person }, { focus: 'board-member-input' }), 'admin');
  });
  const newRole = roleSelect('board-member-new-role', t('newMemberRole'), 'editor');
  const memberRow = addRow('members', [{ key: 'board-member-input', label: t('memberName'), options: boardPeople().filter((person) => !members.includes(person)) }],
    t('addMember'), ([person]) => {
      if (!person.trim()) return boardDetailControl('board-member-input')?.focus();
      const role = newRole.value === 'editor' ? {} : { role: newRole.value };
      return boardDetailChange('addMember', { person: person.trim(), ...role }, { clear: ['board-member-input'], focus: 'board-member-input' });
    });
  memberRow.insertBefore(newRole, memberRow.querySelector('button'));
  const visibility = el('select', { 'data-key': 'board-visibility', 'aria-label': t('visibility') },
    ...['open', 'members', 'public'].map((value) => el('option', { value }, t(`visibility_${value}`))));
  visibility.value = view?.visibility ?? 'open';
  allowOnly(visibility, 'admin');
  visibility.addEventListener('change', () => boardDetailChange('setVisibility', { visibility: visibility.value }, { focus: 'board-visibility' }));
  if (!mayDo('editor')) for (const control of [labelName, labelColour, addLabelButton]) allowOnly(control, 'editor');
  for (const row of labelRows) for (const control of row.querySelectorAll('select, button')) allowOnly(control, 'editor');

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
    el('section', { class: 'detail-section', 'aria-labelledby': 'board-visibility-title' },
      el('h3', { id: 'board-visibility-title', class: 'detail-title' }, t('visibility')), visibility),
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
export function refreshBoardDetails() {
  if (!$('#board-details-dialog').open) return;
  if (shownSignature(state.live) !== boardDetails.shown) renderBoardDetails();
}

/** What the dialog draws from `view`: when it changes, the dialog is drawn again. */
function shownSignature(view) {
  return JSON.stringify([view?.labels ?? [], view?.members ?? [], view?.roles ?? {}, view?.visibility ?? 'open',
    state.administrator, boardDetails.error?.message ?? '']);
}

/** A menu of the roles, its value `role`; only a board admin may change it. */
function roleSelect(key, label, role) {
  const select = el('select', { 'data-key': key, 'aria-label': label }, ...ROLES.map((value) => el('option', { value }, t(`role_${value}`))));
  select.value = role;
  return allowOnly(select, 'admin');
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
