// Drawing the board: the top bar, the time bar, the columns and their cards, and the labels'
// colours. It redraws on the store's 'board', 'header' and 'timebar' notifications.

import { $, $$, el, icon } from '/assets/dom.js';
import { hooks, isCollapsed, shared, state, subscribe, sync, t } from '/assets/store.js';
import { duePassed, dueSoon, formatDue, formatTime, markdown, number } from '/assets/format.js';
import { openMenu } from '/assets/ui.js';
import { describeChange, lastOwnChange } from '/assets/sync.js';
import { renderRefusalNotices, syncAddress } from '/assets/live.js';
import { cardMatches, filterActive, fold, renderFilters, toggleCollapsed } from '/assets/filters.js';
import { allowOnly, mayMakeBoards, myRole, roleLine } from '/assets/access.js';

// ---------------------------------------------------------------------------------------------
// Rendering

/** How long the last renders took (ms, newest last), read by the page benchmark
 * (scripts/bench/page.py). */
const renderTimes = [];
window.kanbanRenderTimes = renderTimes;

export function render() {
  const started = performance.now();
  syncAddress(false);
  renderHeader();
  hooks.renderDueBanner();
  renderTimebar();
  renderPastBanner();
  renderFilters(state.past ? state.past.view : state.live);
  if (state.past) renderBoard(state.past.view, true);
  else renderBoard(state.live, false);
  hooks.refreshBoardDetails();
  renderTimes.push(performance.now() - started);
  if (window.kanbanBoardShownAt == null && document.querySelector('#board .card')) window.kanbanBoardShownAt = performance.now();
  if (renderTimes.length > 100) renderTimes.shift();
}

export function renderHeader() {
  const select = $('#board-select');
  const labels = state.boards.map((board) => {
    const count = board.cards ?? (board.columns ?? []).reduce((sum, column) => sum + (column.count ?? 0), 0);
    return [board.name, `${board.name} (${number(count)})`];
  });
  // The options are made again only when a board or a count changed: one being chosen stays.
  const current = [...select.options].map((option) => [option.value, option.textContent]);
  if (JSON.stringify(current) !== JSON.stringify(labels)) {
    select.replaceChildren(...labels.map(([value, text]) => el('option', { value }, text)));
  }
  for (const option of select.options) option.selected = option.value === state.boardName;
  select.disabled = labels.length === 0;
  $('#board-menu-button').disabled = !state.boardName;

  // Undo offers this person's newest change not yet on the server first, then the server's undo.
  const undoButton = $('#undo-button');
  const redoButton = $('#redo-button');
  const own = lastOwnChange();
  const undoAction = own ? describeChange(own) : state.undo.undo?.action;
  const localRedo = sync.redoable[sync.redoable.length - 1];
  const redoAction = localRedo ? describeChange(localRedo) : state.undo.redo?.action;
  undoButton.disabled = !undoAction;
  redoButton.disabled = !redoAction;
  undoButton.title = undoAction ? t('undoWhat', { action: undoAction }) : t('nothingToUndo');
  redoButton.title = redoAction ? t('redoWhat', { action: redoAction }) : t('nothingToRedo');
  // Signed in with a token, the page says who the server takes this person for.
  const actorButton = $('#actor-button');
  // With tokens, who they are and what: a server administrator, or their role on the board.
  const role = roleLine();
  const shownName = state.tokens ? (state.sessionActor ? `${state.sessionActor} · ${role}` : '') : state.actor ?? t('setName');
  if ($('#actor-name').textContent !== shownName) $('#actor-name').textContent = shownName;
  actorButton.hidden = Boolean(state.tokens) && !state.sessionActor;
  actorButton.title = state.tokens ? `${t('signedInAs', { name: state.sessionActor ?? '' })} (${role})` : t('changeName');
  actorButton.setAttribute('aria-label', actorButton.title);
  if (state.tokens) actorButton.setAttribute('aria-haspopup', 'menu');
  else actorButton.removeAttribute('aria-haspopup');
  // Making boards is a server administrator's: a member sees why the button does nothing.
  const newBoardButton = $('#new-board-button');
  newBoardButton.disabled = !mayMakeBoards();
  newBoardButton.title = mayMakeBoards() ? t('newBoard') : t('needsAdministrator');
  $('#history-button').disabled = !state.boardName;
  $('#deleted-button').disabled = !state.boardName;
  $('#flow-button').disabled = !state.boardName;
  $('#history-button').setAttribute('aria-expanded', String(state.panel?.kind === 'history'));
  $('#deleted-button').setAttribute('aria-expanded', String(state.panel?.kind === 'deleted'));
  document.title = state.boardName ? `${state.boardName} · kanban` : 'kanban';
}

function renderBoard(view, readOnly) {
  const board = $('#board');
  const focused = focusKey();
  const scrollLeft = board.scrollLeft;
  const listScroll = new Map($$('.column', board).map((column) => [column.dataset.column, $('.cards', column)?.scrollTop ?? 0]));
  // A windowed list keeps the card at the top of its view where it was: read before the render
  // (the page is laid out then), put back at the next frame (rewindow, when it is laid out anyway:
  // not here, which would lay the board out within the render's task).
  const anchors = windowAnchors();

  board.classList.toggle('read-only', readOnly);
  board.classList.toggle('filtered', filterActive());
  board.dataset.sequence = String((readOnly ? state.past?.sequence : view?.sequence) ?? '');
  board.setAttribute('aria-readonly', String(readOnly));
  if (!state.loaded) {
    board.replaceChildren(el('p', { class: 'board-message' }, t('loading')));
    return;
  }
  if (!state.boardName) {
    const create = el('button', { type: 'button', class: 'primary' }, icon('plus'), t('newBoard'));
    create.addEventListener('click', hooks.newBoard);
    if (!mayMakeBoards()) {
      create.disabled = true;
      create.title = t('needsAdministrator');
    }
    board.replaceChildren(el('div', { class: 'board-message' }, el('p', {}, t('noBoards')), create));
    return;
  }
  if (!view) {
    const text = readOnly && state.past?.missing ? t('boardMissingThen', { sequence: state.past.sequence }) : t('loading');
    board.replaceChildren(el('p', { class: 'board-message' }, text));
    return;
  }
  const columns = Array.isArray(view.columns) ? view.columns : [];
  labelColours = labelColourMap(view);
  const seen = { cards: new Set(), columns: new Set() };
  const nodes = columns.map((column, index) => renderColumn(column, index, columns.length, readOnly, seen));
  if (!readOnly) nodes.push(addColumnButton());
  prune(cardElements, seen.cards);
  prune(columnElements, seen.columns);
  // Kept columns and cards stay in place (their scroll positions and the focus with them); only
  // what changed is moved, added or removed. A scroll position is written back only where an
  // element is new: writing one forces a layout of the whole board.
  const fresh = nodes.filter((node) => node.parentNode !== board);
  reconcile(board, nodes);
  renderRefusalNotices();
  if (fresh.length > 0 && board.scrollLeft !== scrollLeft) board.scrollLeft = scrollLeft;
  for (const column of fresh) {
    const list = column.classList?.contains('column') ? $('.cards', column) : null;
    const top = listScroll.get(column.dataset?.column);
    if (list && top) list.scrollTop = top;
  }
  const refocused = restoreFocus(focused);
  for (const [name, anchor] of anchors) {
    const kept = columnElements.get(name);
    // A card focused again was scrolled to: that wins.
    if (kept && !(refocused && kept.list?.contains(document.activeElement))) kept.anchor = anchor;
  }
  // A windowed list measures its cards and view once laid out (a new one guessed them).
  for (const [name, kept] of columnElements) if (kept.range?.windowed) scheduleRewindow(name);
}

/** Makes `parent`'s children exactly `nodes`, in order, touching only those out of place:
 * children not wanted are removed, wanted ones moved or inserted where they belong. */
function reconcile(parent, nodes) {
  const wanted = new Set(nodes);
  let current = parent.firstChild;
  for (const node of nodes) {
    while (current && current !== node && !wanted.has(current)) {
      const next = current.nextSibling;
      current.remove();
      current = next;
    }
    if (current === node) {
      current = current.nextSibling;
    } else {
      parent.insertBefore(node, current);
    }
  }
  while (current) {
    const next = current.nextSibling;
    current.remove();
    current = next;
  }
}

/** The elements of cards (by id) and columns (by name) last rendered, each with the signature
 * of what it shows: a render reuses an element whose signature is unchanged, so a remote change
 * touches only the cards and columns it changed. */
const cardElements = new Map();
export const columnElements = new Map();
let addColumnElement = null;

/** Forgets the kept elements a render did not use. */
function prune(kept, used) {
  for (const key of kept.keys()) if (!used.has(key)) kept.delete(key);
}

/** Whether `children` (a live HTMLCollection) are exactly `nodes`, in order. */
function sameNodes(children, nodes) {
  if (children.length !== nodes.length) return false;
  for (let index = 0; index < nodes.length; index += 1) if (children[index] !== nodes[index]) return false;
  return true;
}

/** The "Add column" button, made once. */
function addColumnButton() {
  if (!addColumnElement || addColumnElement.dataset.lang !== state.lang) {
    addColumnElement = el('button', { type: 'button', class: 'add-column', 'data-lang': state.lang }, icon('plus'), t('addColumn'));
    addColumnElement.addEventListener('click', hooks.addColumn);
  }
  return allowOnly(addColumnElement, 'editor');
}

/** What has the focus on the board, so a re-render can give it back: a card, or a column's control. */
function focusKey() {
  const active = document.activeElement;
  if (!active || !$('#board').contains(active)) return null;
  const card = active.closest('.card');
  if (card) return { card: card.dataset.id };
  const column = active.closest('.column')?.dataset.column;
  const control = ['add-card', 'column-menu-button', 'column-collapse'].find((name) => active.classList.contains(name));
  return column != null && control ? { column, control } : null;
}

/** Focuses again what `focusKey` named, when the new render still has it. */
function restoreFocus(key) {
  if (!key || $('#board').contains(document.activeElement)) return false;
  if (key.card) return Boolean(focusCard(key.card));
  columnElement(key.column)?.querySelector(`.${key.control}`)?.focus({ preventScroll: true });
  return false;
}

function renderColumn(column, index, total, readOnly, seen) {
  const all = Array.isArray(column.cards) ? column.cards : [];
  // The server never calls a card in the last column overdue (it is done); nor is it "due soon".
  const finished = index === total - 1;
  const cards = filterActive() ? all.filter((card) => cardMatches(card, finished || readOnly)) : all;
  const collapsed = isCollapsed(column.name);
  // A long column shows its first cards and a button for more: the page never holds thousands
  // of card elements it would have to style and lay out on every drag.
  const limit = shownLimit(column.name);
  const shown = collapsed ? [] : cards.slice(0, limit);
  // Past WINDOW_THRESHOLD shown, only the cards in and near the list's view are elements.
  const range = windowRange(column.name, shown);
  const items = shown.slice(range.start, range.end).map((card) => cardElement(card, column.name, readOnly, readOnly || finished, seen.cards));
  const listing = { name: column.name, shown, range, readOnly, calm: readOnly || finished, size: cards.length, cardTotal: all.length };
  const hidden = collapsed ? 0 : cards.length - shown.length;
  seen.columns.add(column.name);
  // Counts are not part of the signature: a card added or moved updates the count in place.
  const signature = JSON.stringify([column.name, index, total, collapsed, readOnly, filterActive(), state.lang, myRole()]);
  const wipLimit = Number.isInteger(column.limit) ? column.limit : null;
  const over = wipLimit != null && all.length > wipLimit;
  const countId = `column-${index}-count`;
  const kept = columnElements.get(column.name);
  if (kept && kept.signature === signature) {
    const count = columnCount(cards.length, all.length, wipLimit, countId);
    if (count.textContent !== kept.count.textContent || count.title !== kept.count.title) {
      kept.count.replaceWith(count);
      kept.count = count;
    }
    if (kept.section.classList.contains('over-limit') !== over) kept.section.classList.toggle('over-limit', over);
    Object.assign(kept, listing);
    if (kept.list) fillList(kept.list, items, column.name, readOnly, all.length, listing);
    if (kept.more) updateMoreButton(kept.more, hidden);
    return kept.section;
  }
  const headingId = `column-${index}-name`;
  // The count says how the column stands against its limit: the column's description.
  const section = el('section', {
    class: `column${collapsed ? ' collapsed' : ''}${over ? ' over-limit' : ''}`, 'data-column': column.name,
    'aria-labelledby': headingId, 'aria-describedby': countId,
  });
  const header = el('header', { class: 'column-header', title: readOnly || collapsed ? null : t('dragColumnHint') });
  const count = columnCount(cards.length, all.length, wipLimit, countId);
  header.append(collapseButton(column.name, collapsed), el('h2', { class: 'column-name', id: headingId }, column.name), count);
  section.append(header);
  let list = null;
  let more = null;
  if (!collapsed) {
    if (!readOnly) header.append(columnMenuButton(column, index, total));
    list = el('ol', { class: 'cards', 'aria-labelledby': headingId });
    list.addEventListener('scroll', () => scheduleRewindow(column.name), { passive: true });
    fillList(list, items, column.name, readOnly, all.length, listing);
    section.append(list);
    more = el('button', { type: 'button', class: 'link-button show-more-cards' });
    more.addEventListener('click', () => {
      shownLimits.set(limitKey(column.name), shownLimit(column.name) + SHOWN_STEP);
      render();
    });
    updateMoreButton(more, hidden);
    section.append(more);
    if (!readOnly) {
      const add = allowOnly(el('button', { type: 'button', class: 'add-card' }, icon('plus'), t('addCard')), 'editor');
      add.addEventListener('click', () => hooks.openCardDialog({ column: column.name }));
      section.append(add);
    }
  }
  columnElements.set(column.name, { signature, section, list, count, more, ...listing });
  return section;
}

// ---------------------------------------------------------------------------------------------
// Windowing a long column: past WINDOW_THRESHOLD cards shown, the list holds only the cards in
// and near its view, between two spacers standing for the cards above and below (an estimated
// height each, measured from the cards shown). A drag then lays out some fifty cards, not
// thousands. The data (`shown`, kept with the column's elements) stays the whole list: focus,
// search, the drop index and screen readers (aria-posinset / aria-setsize) go by it.

/** Above how many cards shown a column is windowed. */
const WINDOW_THRESHOLD = 400;
/** Cards rendered beyond each edge of the view. */
const WINDOW_OVERSCAN = 15;
/** The least a card is tall (px): the view is covered however small the cards are. */
const MIN_CARD_PX = 40;
/** The list's gap between cards (px, .cards in board.css). */
const CARD_GAP_PX = 8;
/** How far (cards) past the window a focused or dragged card keeps it stretched to itself. */
const WINDOW_KEEP = 60;

/** Each windowed column's view, by board and column: the first card in it (`first`, an index of
 * the cards shown, read from the elements in view), its height, and the height a card takes
 * with its gap (`stride`, measured). A render keeps the window at `first`. */
const windows = new Map();
function windowOf(name) {
  const key = limitKey(name);
  let view = windows.get(key);
  if (!view) {
    view = { first: 0, height: 800, stride: 92 };
    windows.set(key, view);
  }
  return view;
}

/** The cards of `shown` (column `name`'s) to render: `{start, end, windowed}`. */
function windowRange(name, shown) {
  const count = shown.length;
  if (count <= WINDOW_THRESHOLD) return { start: 0, end: count, windowed: false };
  const view = windowOf(name);
  const visible = Math.ceil(view.height / MIN_CARD_PX);
  const first = Math.max(0, Math.min(count - 1, view.first));
  let start = Math.max(0, first - WINDOW_OVERSCAN);
  let end = Math.min(count, first + visible + WINDOW_OVERSCAN);
  if (end === count) start = Math.max(0, Math.min(start, count - visible - 2 * WINDOW_OVERSCAN));
  // The focused card and the dragged one stay elements while near.
  for (const element of [document.activeElement, shared.drag?.element]) {
    const id = element?.classList?.contains('card') ? element.dataset.id : null;
    if (id == null || element.closest('.column')?.dataset.column !== name) continue;
    const index = shown.findIndex((card) => card.id === id);
    if (index < 0) continue;
    if (index < start && start - index <= WINDOW_KEEP) start = index;
    else if (index >= end && index - end < WINDOW_KEEP) end = index + 1;
  }
  return { start, end, windowed: true };
}

/** The two spacers of list `list`, made once. */
function spacersOf(list) {
  if (!list.spacers) {
    const spacer = (where) => el('li', { class: `window-spacer window-${where}`, 'aria-hidden': 'true' });
    list.spacers = { top: spacer('top'), bottom: spacer('bottom') };
  }
  return list.spacers;
}

const scheduled = new Set();
/** Windows column `name` again at the next frame (once however many scroll events come). */
function scheduleRewindow(name) {
  if (scheduled.has(name)) return;
  scheduled.add(name);
  requestAnimationFrame(() => {
    scheduled.delete(name);
    rewindow(name);
  });
}

/** Renders the cards of column `name` now in and near its list's view, when they changed. */
function rewindow(name) {
  const kept = columnElements.get(name);
  const rendered = kept?.anchor;
  if (kept) kept.anchor = null;
  if (!kept?.list?.isConnected || !kept.range?.windowed) return;
  // After a render: the card that was at the top of the view goes back there first.
  if (rendered) restoreAnchor(kept.list, rendered);
  const view = windowOf(name);
  view.height = kept.list.clientHeight || view.height;
  // Where the view is, read from the list as laid out now (its spacers sized with the stride of
  // their fill), before the stride is measured again.
  const anchor = viewAnchor(kept);
  const restride = measureStride(kept, view);
  view.first = anchor.index;
  const range = windowRange(name, kept.shown);
  if (!restride && range.start === kept.range.start && range.end === kept.range.end) return;
  fillWindow(name, kept, range);
  // The card that was at the top of the view stays there, wherever the spacers' new heights and
  // the cards put in or taken out above it would have moved it.
  restoreAnchor(kept.list, anchor);
}

/** Puts the cards of `range` in column `name`'s list. */
function fillWindow(name, kept, range) {
  kept.range = range;
  const items = kept.shown.slice(range.start, range.end)
    .map((card) => cardElement(card, name, kept.readOnly, kept.calm, new Set()));
  fillList(kept.list, items, name, kept.readOnly, kept.cardTotal, kept);
  // A drag over this list measured the cards it held: they changed.
  if (shared.drag?.list === kept.list) shared.drag.siblings = null;
}

/** Re-measures a card's height with its gap from the cards of `kept`'s list (a windowed list's
 * cards are all laid out for real, board.css); whether it changed. */
function measureStride(kept, view) {
  let total = 0;
  let counted = 0;
  for (const item of kept.list.children) {
    if (!item.classList.contains('card')) continue;
    const height = item.getBoundingClientRect().height;
    if (height <= 0) continue; // the dragged card, hidden while its move is kept
    total += height;
    counted += 1;
  }
  if (counted < 4) return false;
  const stride = Math.round(total / counted) + CARD_GAP_PX;
  if (Math.abs(stride - view.stride) <= 4) return false;
  view.stride = stride;
  return true;
}

/** Where the view of `kept`'s list begins: `{index, id, offset}`, the card (an index of the cards
 * shown and its id) at the top of the view and how far its top is below the view's (px, at most
 * 0 once scrolled). Read from the card elements when one is there; when the view's top is in a
 * spacer, the card of the spacer's cards at that point, from the spacer's own height (it was
 * sized with the stride of its fill, not necessarily the stride measured since). */
function viewAnchor(kept) {
  const { list, range, shown } = kept;
  const listRect = list.getBoundingClientRect();
  let position = range.start;
  for (const item of list.children) {
    const isCard = item.classList.contains('card');
    const rect = item.getBoundingClientRect();
    if (rect.bottom > listRect.top && rect.height > 0) {
      if (isCard) {
        const id = item.dataset.id;
        const index = shown[position]?.id === id ? position : shown.findIndex((card) => card.id === id);
        // A card of another column (one dragged over this list) is not a place in it.
        if (index >= 0) return { index, id, offset: rect.top - listRect.top };
      } else if (item.classList.contains('window-spacer')) {
        const above = item === list.spacers?.top;
        const count = above ? range.start : shown.length - range.end;
        if (count > 0) {
          const per = (rect.height + CARD_GAP_PX) / count;
          const within = Math.max(0, Math.min(count - 1, Math.floor((listRect.top - rect.top) / per)));
          const index = (above ? 0 : range.end) + within;
          return { index, id: shown[index].id, offset: rect.top + within * per - listRect.top };
        }
      }
    }
    if (isCard) position += 1;
  }
  const index = Math.max(0, Math.min(shown.length - 1, Math.floor(list.scrollTop / windowOf(kept.name).stride)));
  return { index, id: shown[index]?.id, offset: 0 };
}

/** Scrolls `list` so that the card `anchor` names is again `anchor.offset` below the top of its
 * view (when it is an element of the list). */
function restoreAnchor(list, anchor) {
  if (anchor?.id == null) return;
  let element = null;
  for (const item of list.children) {
    if (item.dataset.id === anchor.id) {
      element = item;
      break;
    }
  }
  if (!element) return;
  const delta = element.getBoundingClientRect().top - list.getBoundingClientRect().top - anchor.offset;
  if (Math.abs(delta) >= 1) list.scrollTop += delta;
}

/** The view anchors of the windowed lists now on the page, by column. */
function windowAnchors() {
  const anchors = new Map();
  for (const [name, kept] of columnElements) {
    if (kept.range?.windowed && kept.list?.isConnected && kept.shown?.length > 0) anchors.set(name, viewAnchor(kept));
  }
  return anchors;
}

/** The cards column `name` shows (all of them, rendered or not), in order. */
export function shownCards(name) {
  return columnElements.get(name)?.shown ?? [];
}

/** Makes card `id`'s element when it is in a windowed column but out of its window: the window
 * moves to it (the list scrolled there); returns the element, or null. */
function bringIntoWindow(id) {
  for (const [name, kept] of columnElements) {
    if (!kept.range?.windowed || !kept.list?.isConnected) continue;
    const index = kept.shown.findIndex((card) => card.id === id);
    if (index < 0) continue;
    const view = windowOf(name);
    view.height = kept.list.clientHeight || view.height;
    view.first = Math.max(0, index - 3);
    fillWindow(name, kept, windowRange(name, kept.shown));
    const element = [...kept.list.children].find((item) => item.dataset.id === id) ?? null;
    element?.scrollIntoView({ block: 'center', inline: 'nearest' });
    return element;
  }
  return null;
}

/** Puts `items` (card elements) in `list` unless it holds them already, or the empty-column
 * line; one card of the column is a Tab stop (the one last focused, else the first), the
 * others are reached with the arrow keys. */
function fillList(list, items, columnName, readOnly, count, listing) {
  let nodes = items;
  const { range, size } = listing;
  if (items.length === 0) {
    const empty = filterActive() && count > 0 ? t('noMatches') : readOnly ? '' : t('dropHere');
    const current = list.firstElementChild;
    const line = current?.classList.contains('empty-column') && current.textContent === empty
      ? current : el('li', { class: 'empty-column', 'aria-hidden': filterActive() ? null : 'true' }, empty);
    nodes = [line];
  } else if (range.windowed) {
    const { top, bottom } = spacersOf(list);
    const stride = windowOf(columnName).stride;
    const above = range.start;
    const below = listing.shown.length - range.end;
    setHeight(top, above * stride - CARD_GAP_PX);
    setHeight(bottom, below * stride - CARD_GAP_PX);
    nodes = [...(above > 0 ? [top] : []), ...items, ...(below > 0 ? [bottom] : [])];
  }
  if (!sameNodes(list.children, nodes)) reconcile(list, nodes);
  if (list.classList.contains('windowed') !== Boolean(range.windowed)) list.classList.toggle('windowed', Boolean(range.windowed));
  const stop = items.find((item) => item.dataset.id === tabStops.get(columnName)) ?? items[0];
  // Each card says its true place in the column and the column's count, rendered or not.
  const setSize = String(size);
  items.forEach((item, offset) => {
    const value = item === stop ? '0' : '-1';
    if (item.getAttribute('tabindex') !== value) item.setAttribute('tabindex', value);
    const position = String(range.start + offset + 1);
    if (item.getAttribute('aria-posinset') !== position) item.setAttribute('aria-posinset', position);
    if (item.getAttribute('aria-setsize') !== setSize) item.setAttribute('aria-setsize', setSize);
  });
}

/** Sets a spacer's height (px) when it changed. */
function setHeight(spacer, px) {
  const height = `${Math.max(0, Math.round(px))}px`;
  if (spacer.style.height !== height) spacer.style.height = height;
}

/** The card each column offers as its Tab stop: the one focused last. */
export const tabStops = new Map();

/** Card `card`'s element: the kept one when it shows the same, else a new one. */
function cardElement(card, columnName, readOnly, calm, seen) {
  seen.add(card.id);
  // Overdue as the server said when it sent the board, or since then by this page's clock (a day
  // that ended while the page was open: due.js renders again at midnight).
  if (!card.overdue && !calm && card.due && !card.dueDone && duePassed(card.due)) card = { ...card, overdue: true };
  const soon = Boolean(card.due) && !calm && !card.overdue && !card.dueDone && dueSoon(card.due);
  const signature = `${card.title}\u0000${card.description}\u0000${card.due}\u0000${card.overdue}${soon}${readOnly}${calm}${Boolean(card.pending)}\u0000${columnName}\u0000${state.lang}${detailSignature(card)}`;
  const kept = cardElements.get(card.id);
  if (kept && kept.signature === signature) return kept.element;
  const element = renderCard(card, columnName, readOnly, calm);
  cardElements.set(card.id, { signature, element });
  return element;
}

/** What a card shows of its details, for its signature: '' for a card with none (most). A
 * label's colour is in it, so recolouring a board's label redraws the cards that carry it. */
function detailSignature(card) {
  if (!card.assignees && !card.labels && !card.dueDone && !card.checklist && !card.comments && !card.links) return '';
  return `\u0000${JSON.stringify([card.assignees, card.labels?.map((name) => [name, labelColourOf(name)]), card.dueDone,
    card.checklist?.done, card.checklist?.total, card.comments, card.links])}`;
}

/** How many cards a long column shows at first, and how many more each press of its button adds. */
const SHOWN_STEP = 200;
/** The cards shown of each long column, by board and column, beyond the first SHOWN_STEP. */
const shownLimits = new Map();
const limitKey = (column) => `${state.boardName}\u0000${column}`;
const shownLimit = (column) => shownLimits.get(limitKey(column)) ?? SHOWN_STEP;

/** Shows `button` as "Show N more (M hidden)" while `hidden` cards are not shown, else hides it. */
function updateMoreButton(button, hidden) {
  button.hidden = hidden <= 0;
  if (hidden <= 0) return;
  const text = t('showMoreCards', { count: number(Math.min(hidden, SHOWN_STEP)), hidden: number(hidden) });
  if (button.textContent !== text) button.textContent = text;
}

/** Makes card `id` of the live board shown when its column shows fewer cards than its place,
 * and an element when its column is windowed. */
export function revealCard(id) {
  for (const column of state.live?.columns ?? []) {
    const index = (column.cards ?? []).findIndex((card) => card.id === id);
    if (index >= shownLimit(column.name)) {
      shownLimits.set(limitKey(column.name), Math.ceil((index + 1) / SHOWN_STEP) * SHOWN_STEP);
      render();
    }
    if (index < 0) continue;
    // In a windowed column, the window moves to it.
    if (!$$('#board .card').some((card) => card.dataset.id === id)) bringIntoWindow(id);
    return;
  }
}

/** How many cards column `name` of the board shown holds now. */
function cardCountOf(name) {
  const column = (state.live?.columns ?? []).find((candidate) => candidate.name === name);
  return Array.isArray(column?.cards) ? column.cards.length : 0;
}

/** The card count in a column's header: "shown / all" while a filter hides some, else "count /
 * limit" when the column has a work in progress limit; over the limit it is marked, in words
 * too (a hidden sentence, read as the column's description). */
function columnCount(shown, count, limit, id) {
  const filtered = filterActive() && shown !== count;
  const over = limit != null && count > limit;
  let label = filtered ? t('cardCountFiltered', { shown, count }) : t('cardCount', { count });
  if (limit != null) label = t(over ? 'cardCountOverLimit' : 'cardCountLimit', { cards: label, limit });
  const text = filtered ? `${number(shown)} / ${number(count)}` : limit != null ? `${number(count)} / ${number(limit)}` : number(count);
  return el('span', { class: `column-count${over ? ' over-limit' : ''}`, id, title: label },
    over ? icon('alert') : null,
    el('span', { 'aria-hidden': 'true' }, text),
    el('span', { class: 'visually-hidden' }, label));
}

/** Column `name`'s work in progress limit on the board shown, or null. */
export function columnLimitOf(name) {
  const column = (state.live?.columns ?? []).find((candidate) => candidate.name === name);
  return Number.isInteger(column?.limit) ? column.limit : null;
}

/** The button folding a column to a narrow strip and back (remembered per board). */
function collapseButton(name, collapsed) {
  const label = t(collapsed ? 'expandColumn' : 'collapseColumn', { name });
  const button = el('button', {
    type: 'button', class: 'icon-button column-collapse', 'aria-expanded': String(!collapsed), 'aria-label': label, title: label,
  }, icon('chevron'));
  button.addEventListener('click', () => toggleCollapsed(name));
  return button;
}

/** The "…" button of a column and its menu. */
function columnMenuButton(column, index, total) {
  const menuButton = el('button', {
    type: 'button', class: 'icon-button column-menu-button', 'aria-haspopup': 'menu', 'aria-expanded': 'false',
    'aria-label': t('columnActions', { name: column.name }), title: t('columnActions', { name: column.name }),
  }, icon('more'));
  menuButton.addEventListener('click', () => openMenu(menuButton, [
    { label: t('addCardHere'), run: () => hooks.openCardDialog({ column: column.name }) },
    { label: t('renameColumn'), run: () => hooks.renameColumn(column.name) },
    { label: t('moveColumnLeft'), disabled: index === 0, run: () => hooks.moveColumn(column.name, index - 1) },
    { label: t('moveColumnRight'), disabled: index === total - 1, run: () => hooks.moveColumn(column.name, index + 1) },
    { label: columnLimitOf(column.name) != null ? t('changeColumnLimit', { limit: columnLimitOf(column.name) }) : t('setColumnLimit'),
      run: () => hooks.setColumnLimit(column.name) },
    { label: t('removeColumn'), danger: true, run: () => hooks.removeColumn(column.name, cardCountOf(column.name)) },
  ]));
  return menuButton;
}

/** A card; `calm` leaves out the "due soon" mark (a done card, or a look at the past). A card
 * with a change not yet on the server is marked `pending`, and says so. */
function renderCard(card, columnName, readOnly, calm) {
  const soon = !calm && !card.overdue && !card.dueDone && dueSoon(card.due);
  const classes = ['card'];
  if (card.overdue) classes.push('overdue');
  else if (soon) classes.push('due-soon');
  if (card.pending) classes.push('pending');
  const label = cardLabel(card, columnName, soon);
  const item = el('li', {
    class: classes.join(' '), 'data-id': card.id, tabindex: '-1',
    'aria-label': card.pending ? t('cardLabelPending', { label }) : label,
    'aria-describedby': readOnly ? null : 'card-hint',
    title: card.pending ? t('pendingCardHint') : null,
  });
  // What the card carries is said by its name (cardLabel): the chips and counts are for the eye.
  const labels = Array.isArray(card.labels) ? card.labels : [];
  if (labels.length > 0) {
    item.append(el('ul', { class: 'card-labels', 'aria-hidden': 'true' },
      ...labels.map((name) => el('li', { class: labelChipClass(labelColourOf(name)) }, String(name)))));
  }
  item.append(el('p', { class: 'card-title' }, String(card.title ?? '')));
  if (card.description) {
    // Links in a card's preview are not Tab stops of the board; the card's dialog has them.
    item.append(el('div', { class: 'card-description markdown' }, ...markdown(String(card.description), { tabStops: false })));
  }
  const meta = [];
  if (card.due) {
    const due = el('span', { class: `due${card.dueDone ? ' done' : ''}` }, icon('clock'), el('span', {}, formatDue(card.due)));
    if (card.dueDone) due.append(el('span', { class: 'due-flag' }, `✓ ${t('dueDoneShort')}`));
    else if (card.overdue) due.append(el('span', { class: 'due-flag' }, t('overdue')));
    meta.push(due);
  }
  const checklist = card.checklist;
  if (checklist?.total > 0) {
    const complete = checklist.done >= checklist.total;
    meta.push(el('span', { class: `badge checklist-progress${complete ? ' complete' : ''}`, title: t('checklistProgress', checklist) },
      icon('check'), `${number(checklist.done)}/${number(checklist.total)}`));
  }
  if (card.comments > 0) {
    meta.push(el('span', { class: 'badge comment-count', title: t('commentCount', { count: card.comments }) }, icon('comment'), number(card.comments)));
  }
  if (card.links > 0) {
    meta.push(el('span', { class: 'badge link-count', title: t('linkCount', { count: card.links }) }, icon('link'), number(card.links)));
  }
  const assignees = Array.isArray(card.assignees) ? card.assignees : [];
  if (assignees.length > 0) {
    meta.push(el('span', { class: 'assignees' },
      ...assignees.map((name) => el('span', { class: 'avatar', title: String(name) }, initials(name)))));
  }
  if (meta.length > 0) item.append(el('div', { class: 'card-meta', 'aria-hidden': 'true' }, ...meta));
  return item;
}

/** A card's accessible name: its title, its column and its due state, then what it carries
 * (labels, assignees, checklist progress, comments, links). */
function cardLabel(card, column, soon) {
  const title = String(card.title ?? '');
  let name;
  if (!card.due) {
    name = t('cardLabel', { title, column });
  } else {
    const when = formatDue(card.due);
    const key = card.dueDone ? 'cardLabelDueDone' : card.overdue ? 'cardLabelOverdue' : soon ? 'cardLabelSoon' : 'cardLabelDue';
    name = t(key, { title, column, when });
  }
  const parts = [name];
  const list = (names) => listFormat().format(names.map(String));
  if (card.labels?.length) parts.push(t('cardLabelLabels', { count: card.labels.length, labels: list(card.labels) }));
  if (card.assignees?.length) parts.push(t('cardLabelAssignees', { names: list(card.assignees) }));
  if (card.checklist?.total > 0) parts.push(t('checklistProgress', card.checklist));
  if (card.comments > 0) parts.push(t('commentCount', { count: card.comments }));
  if (card.links > 0) parts.push(t('linkCount', { count: card.links }));
  return parts.join(t('listSeparator'));
}

/** "A, B and C" in the page's language (made once per language). */
let listFormatter = null;
function listFormat() {
  if (listFormatter?.lang !== state.lang) listFormatter = { lang: state.lang, formatter: new Intl.ListFormat(state.lang, { type: 'conjunction' }) };
  return listFormatter.formatter;
}

/** A person's initials for their chip on a card: the first letters of the first and last words
 * (a part in brackets left out), or the first two letters of a one-word Hangul or CJK name. */
export function initials(name) {
  const words = String(name ?? '').replace(/\([^)]*\)/g, ' ').split(/[\s._-]+/u)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, '')).filter(Boolean);
  if (words.length === 0) return [...String(name ?? '?').trim()][0] ?? '?';
  const first = [...words[0]];
  if (words.length === 1) {
    return /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(first[0])
      ? first.slice(0, 2).join('') : first[0].toLocaleUpperCase(state.lang);
  }
  return (first[0] + [...words[words.length - 1]][0]).toLocaleUpperCase(state.lang);
}

/** The label colours a board may give (the server's list); anything else shows grey. */
export const LABEL_COLOURS = new Set(['green', 'yellow', 'orange', 'red', 'purple', 'blue', 'sky', 'lime', 'pink', 'black', 'grey']);

/** The colours of the board shown's labels, by folded name (set by each render of the board). */
let labelColours = new Map();

function labelColourMap(view) {
  return new Map((Array.isArray(view?.labels) ? view.labels : []).map((label) => [fold(label?.name), String(label?.colour ?? '')]));
}

/** The colour of label `name` on the board shown: its board label's, else grey (not made). */
const labelColourOf = (name) => labelColours.get(fold(name)) ?? 'grey';

/** A label chip's classes: the colour as a class, from the known set only. */
export const labelChipClass = (colour) => `label-chip label-${LABEL_COLOURS.has(colour) ? colour : 'grey'}`;

/** Focuses card `id` (scrolled into view), moving a windowed column's window to it first. */
export function focusCard(id) {
  const card = $$('#board .card').find((candidate) => candidate.dataset.id === id) ?? bringIntoWindow(id);
  if (card) card.focus({ preventScroll: false });
  return card;
}

export function renderTimebar() {
  const slider = $('#time-slider');
  slider.max = String(state.latest);
  slider.disabled = !state.boardName || state.latest === 0;
  if (!state.past && !shared.sliderHeld) slider.value = String(state.latest);
  const shown = state.past ? state.past.sequence : state.latest;
  const label = state.past ? `#${number(shown)}` : t('now');
  $('#time-label').textContent = label;
  slider.setAttribute('aria-valuetext', state.past ? t('asOf', { sequence: number(shown) }) : t('now'));
  slider.setAttribute('aria-label', t('timeSliderLabel'));
}

export function renderPastBanner() {
  const banner = $('#past-banner');
  banner.hidden = !state.past;
  document.body.classList.toggle('viewing-past', Boolean(state.past));
  if (!state.past) return;
  const time = state.past.time ? formatTime(state.past.time) : '…';
  $('#past-text').textContent = t('pastBanner', { sequence: number(state.past.sequence), time });
  $('#restore-button').disabled = !state.past.view;
}

export const columnElement = (name) => $$('#board .column').find((column) => column.dataset.column === name) ?? null;

subscribe((change) => {
  if (change === 'board') render();
  else if (change === 'header') renderHeader();
  else if (change === 'timebar') renderTimebar();
});
