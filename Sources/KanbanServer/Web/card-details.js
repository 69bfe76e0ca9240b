// A card's details in its dialog: assignees, labels, the due date's done mark, the checklist,
// comments and links, each change made through the outbox (sync.js). It also keeps what the card
// dialog shows (`cardDialog`: the card, the mode), which card-dialog.js reads and writes.

import { CARD_DETAIL_CHANGES, detailsWith } from '/assets/details.js';
import { mayDo, notAllowedReason } from '/assets/access.js';
import { $, $$, DIALOG_DECISION_MS, el, icon, newKey, sameName } from '/assets/dom.js';
import { connection, state, subscribe, sync, t } from '/assets/store.js';
import { api, cardPath, errorDetail, errorParagraph, showErrorIn, touchOnly } from '/assets/api.js';
import { formatDue, formatRelative, formatTime, markdown, number, safeHref } from '/assets/format.js';
import { announce, confirmDialog } from '/assets/ui.js';
import { change, decisionOf, dropRecord, refusalError } from '/assets/sync.js';
import { initials, labelChipClass } from '/assets/render.js';

// ---------------------------------------------------------------------------------------------
// What the card dialog shows

export const cardDialog = {
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

// ---------------------------------------------------------------------------------------------
// A card's details in its dialog: assignees, labels, the due date's done mark, the checklist,
// links and comments (`GET …/cards/{id}`, kept by the service worker for offline). Each change
// goes through the outbox like any change to cards (details.js replays it on what is shown until
// the server has it); a refusal while the server answers is said here in the dialog.

export const cardDetails = {
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
export function openCardDetails() {
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
export async function loadCardDetails() {
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
export function detailIconButton(name, label, key, run, { disabled = false, className = '' } = {}) {
  const button = el('button', { type: 'button', class: `icon-button detail-icon-button ${className}`.trim(), 'aria-label': label, title: label, 'data-key': key },
    icon(name));
  button.disabled = disabled;
  button.addEventListener('click', run);
  return button;
}

/** A row of fields and the button that adds what they hold; Enter in a field adds too (Ctrl or
 * ⌘ with Enter in a text area). `fields`: `{key, label, placeholder?, options?, type?, multiline?}`;
 * `run` gets their values. */
export function addRow(section, fields, buttonText, run) {
  // What adding needs: a comment a commenter, a member a board admin, the rest an editor.
  const reason = notAllowedReason(section === 'comments' ? 'commenter' : section === 'members' ? 'admin' : 'editor');
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
  if (reason) {
    for (const control of [...inputs, button]) {
      control.disabled = true;
      control.title = reason;
    }
  }
  inputs.forEach((input, index) => input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.isComposing || event.shiftKey) return;
    if (fields[index].multiline && !(event.ctrlKey || event.metaKey)) return;
    event.preventDefault();
    go();
  }));
  return el('div', { class: `detail-add${fields.some((field) => field.multiline) ? ' multiline' : ''}` }, ...inputs, button, ...lists);
}

/** A chip (a person or a label) with a button taking it off the card. */
export function detailChip(className, content, removeLabel, removeKey, remove, needed = 'editor') {
  const button = detailIconButton('close', removeLabel, removeKey, remove, { className: 'chip-remove', disabled: !mayDo(needed) });
  if (!mayDo(needed)) button.title = notAllowedReason(needed);
  return el('li', { class: className }, ...content, button);
}

/** The people the board knows: its members, everyone assigned on it, and this person. */
export function boardPeople() {
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

subscribe((change) => {
  if (change === 'outbox') refreshCardDetails();
});
