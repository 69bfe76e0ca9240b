// Search, the due, member and label filters, and folding a column (store.js keeps which are
// folded, in the browser).

import { $, el, sameName } from '/assets/dom.js';
import { notify, state, t, toggleFolded } from '/assets/store.js';
import { dueSoon } from '/assets/format.js';
import { announce } from '/assets/ui.js';

// ---------------------------------------------------------------------------------------------
// Search, the due, member and label filters, and folded columns

/** Whether the search box or a filter narrows the cards shown. */
export const filterActive = () => state.filter.text.trim() !== '' || state.filter.due !== '' || state.filter.member !== '' || state.filter.label !== '';

/** Text folded for matching: Unicode-normalised and lower-cased (Hangul has no case and stays). */
export const fold = (text) => String(text ?? '').normalize('NFKC').toLocaleLowerCase();

/** Whether `card` passes the filter; `calm`: in the last column or the past (never "due soon"). */
export function cardMatches(card, calm) {
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
export function renderFilters(view) {
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
    notify('board');
  }, wait);
}

$('#search-input').addEventListener('input', () => applyFilter(80));
$('#due-filter').addEventListener('change', () => applyFilter(0));
$('#member-filter').addEventListener('change', () => applyFilter(0));
$('#label-filter').addEventListener('change', () => applyFilter(0));

/** Folds or unfolds column `name` (the store remembers it and redraws the board) and says so. */
export function toggleCollapsed(name) {
  const folded = toggleFolded(name);
  announce(t(folded ? 'columnCollapsed' : 'columnExpanded', { name }));
}
