// Moving cards and columns: drag and drop with a mouse or a finger (a long press), and the
// keyboard (arrow keys with Alt/Ctrl, Enter to open, Delete).

import { $, $$, DRAG_THRESHOLD_PX, el, LONG_PRESS_MS, TOUCH_SLOP_PX } from '/assets/dom.js';
import { shared, state, t } from '/assets/store.js';
import { announce, closeMenu, showError } from '/assets/ui.js';
import { announceWhenDecided, change, findCard, recompute, showChanges } from '/assets/sync.js';
import { outdateBoardFetches, scheduleRefresh } from '/assets/live.js';
import { focusCard, render, shownCards, tabStops } from '/assets/render.js';
import { deleteCard, openCardDialog } from '/assets/card-dialog.js';
import { moveColumn } from '/assets/columns.js';
import { notAllowedReason } from '/assets/access.js';

// ---------------------------------------------------------------------------------------------
// Moving cards (drag and drop, keyboard)

/** Moves `card` to `index` among `targetCards` (column `columnName`'s cards without it): the
 * neighbours below (`before`) and above (`after`) say where, so the server (and a replay on a
 * newer board) puts it next to the same cards. */
async function moveCard(card, columnName, index, targetCards) {
  const args = {
    board: state.boardName, card: card.id, column: columnName,
    before: targetCards[index]?.id ?? null, after: targetCards[index - 1]?.id ?? null,
  };
  try {
    const record = await change('moveCard', args, { local: { title: card.title } });
    announceWhenDecided(record, t('cardMovedTo', { title: card.title, column: columnName, position: index + 1, count: targetCards.length + 1 }));
  } catch (error) {
    showError(error);
    showChanges();
  }
}

/** Alt/Ctrl+arrow: to the neighbouring column (same place, or its end), or one place up or down. */
function keyboardMove(cardElement, columnStep, indexStep) {
  const found = findCard(cardElement.dataset.id);
  if (!found || state.past) return;
  const refusal = notAllowedReason('editor');
  if (refusal) return announce(refusal);
  const columns = state.live.columns;
  const columnIndex = columns.indexOf(found.column);
  let target = found.column;
  let index = found.index + indexStep;
  if (columnStep !== 0) {
    target = columns[columnIndex + columnStep];
    if (!target) {
      announce(t(columnStep < 0 ? 'alreadyFirstColumn' : 'alreadyLastColumn'));
      return;
    }
    index = Math.min(found.index, target.cards.length);
  } else {
    // Past the neighbouring card shown (a filter may hide cards in between), rendered or not
    // (a long column renders only the cards near its view).
    const shown = shownCards(cardElement.closest('.column').dataset.column);
    const neighbour = shown[shown.findIndex((card) => card.id === found.card.id) + indexStep];
    if (!neighbour) {
      announce(t(indexStep < 0 ? 'alreadyTop' : 'alreadyBottom'));
      return;
    }
    index = found.column.cards.findIndex((card) => card.id === neighbour.id);
  }
  const targetCards = target.cards.filter((card) => card.id !== found.card.id);
  moveCard(found.card, target.name, index, targetCards).then(() => focusCard(found.card.id));
}

/** Arrow keys without a modifier: focus the neighbouring card. The columns' cards are the data
 * shown, not the elements: in a long (windowed) column the next card may be rendered only now. */
function keyboardFocus(cardElement, columnStep, indexStep) {
  const column = cardElement.closest('.column');
  const cards = shownCards(column.dataset.column);
  const index = cards.findIndex((card) => card.id === cardElement.dataset.id);
  if (columnStep === 0) {
    const next = cards[index + indexStep];
    if (next) focusCard(next.id);
    return;
  }
  const columns = $$('#board .column');
  let next = columns.indexOf(column) + columnStep;
  while (columns[next]) {
    const targetCards = shownCards(columns[next].dataset.column);
    if (targetCards.length > 0) {
      focusCard(targetCards[Math.min(index, targetCards.length - 1)].id);
      return;
    }
    next += columnStep;
  }
}

// The card focused last is its column's Tab stop (a roving tabindex).
$('#board').addEventListener('focusin', (event) => {
  const card = event.target.closest?.('.card');
  const column = card?.closest('.column');
  if (!card || !column) return;
  tabStops.set(column.dataset.column, card.dataset.id);
  for (const other of $$('.card[tabindex="0"]', column)) if (other !== card) other.setAttribute('tabindex', '-1');
  card.setAttribute('tabindex', '0');
});

$('#board').addEventListener('keydown', (event) => {
  const card = event.target.closest?.('.card');
  if (!card || event.target !== card) return;
  const modified = event.altKey || event.ctrlKey;
  const readOnly = Boolean(state.past);
  const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  if (steps[event.key]) {
    event.preventDefault();
    const [columnStep, indexStep] = steps[event.key];
    if (modified && !readOnly) keyboardMove(card, columnStep, indexStep);
    else keyboardFocus(card, columnStep, indexStep);
  } else if (event.key === 'Home' || event.key === 'End') {
    event.preventDefault();
    const cards = shownCards(card.closest('.column').dataset.column);
    const target = event.key === 'Home' ? cards[0] : cards[cards.length - 1];
    if (target) focusCard(target.id);
  } else if (event.key === 'Enter' || event.key === ' ') {
    event.preventDefault();
    openCardElement(card);
  } else if ((event.key === 'Delete' || event.key === 'Backspace') && !readOnly) {
    event.preventDefault();
    const found = findCard(card.dataset.id);
    if (found) deleteCard(found.card);
  }
});

function openCardElement(cardElement) {
  const view = state.past ? state.past.view : state.live;
  const found = findCard(cardElement.dataset.id, view);
  if (found) openCardDialog({ card: found.card, column: found.column.name, readOnly: Boolean(state.past), since: view?.sequence ?? null });
}

let lastDragEnd = 0;
$('#board').addEventListener('click', (event) => {
  // A link in a card's description opens in a new tab, not the card.
  if (event.target.closest('a[href]')) return;
  const card = event.target.closest('.card');
  if (!card || performance.now() - lastDragEnd < 400) return;
  openCardElement(card);
});

/**
 * Drag and drop with Pointer Events, for mouse, pen and touch alike: a mouse or pen drag starts
 * after a few pixels; a touch drag starts after a long press (so a swipe still scrolls). A copy
 * follows the pointer. Cards go across and within columns: while a card is dragged nothing in the
 * lists moves (a line shows where it would land), so a move of the pointer lays out nothing and
 * costs the same over a column of thousands of cards as over an empty one; the card goes to its
 * place once, when dropped. A column's header drags the column, which moves as its placeholder.
 */

$('#board').addEventListener('pointerdown', (event) => {
  if (state.past || shared.drag || !event.isPrimary || event.button !== 0) return;
  const card = event.target.closest('.card');
  const header = card ? null : event.target.closest('.column-header');
  if (header && event.target.closest('button')) return;
  const element = card ?? header?.closest('.column');
  if (!element) return;
  // Touch pointers are captured by their first target; release it so moves report what is under the finger.
  if (event.target.hasPointerCapture?.(event.pointerId)) event.target.releasePointerCapture(event.pointerId);
  shared.drag = {
    kind: card ? 'card' : 'column',
    element,
    pointerId: event.pointerId,
    pointerType: event.pointerType,
    startX: event.clientX,
    startY: event.clientY,
    x: event.clientX,
    y: event.clientY,
    active: false,
    timer: null,
    refreshAfter: false,
  };
  if (event.pointerType === 'touch') {
    element.classList.add('pressing');
    shared.drag.timer = setTimeout(() => {
      if (shared.drag && !shared.drag.active) startDrag();
    }, LONG_PRESS_MS);
  }
  window.addEventListener('pointermove', onDragMove);
  window.addEventListener('pointerup', onDragEnd);
  window.addEventListener('pointercancel', onDragCancel);
});

function onDragMove(event) {
  if (!shared.drag || event.pointerId !== shared.drag.pointerId) return;
  shared.drag.x = event.clientX;
  shared.drag.y = event.clientY;
  if (!shared.drag.active) {
    const distance = Math.hypot(shared.drag.x - shared.drag.startX, shared.drag.y - shared.drag.startY);
    if (shared.drag.pointerType === 'touch') {
      if (distance > TOUCH_SLOP_PX) stopDrag(); // a swipe: let the page scroll
      return;
    }
    if (distance < DRAG_THRESHOLD_PX) return;
    startDrag();
    if (!shared.drag) return;
  }
  event.preventDefault();
  updateDrag();
}

function startDrag() {
  // Someone who may not move cards or columns here is told why, and nothing moves.
  const refusal = notAllowedReason('editor');
  if (refusal) {
    stopDrag();
    announce(refusal);
    return;
  }
  const { element } = shared.drag;
  clearTimeout(shared.drag.timer);
  element.classList.remove('pressing');
  const rect = element.getBoundingClientRect();
  shared.drag.active = true;
  shared.drag.offsetX = shared.drag.startX - rect.left;
  shared.drag.offsetY = shared.drag.startY - rect.top;
  shared.drag.origin = { parent: element.parentElement, next: element.nextSibling };
  const ghost = element.cloneNode(true);
  ghost.removeAttribute('id');
  for (const node of ghost.querySelectorAll('[id]')) node.removeAttribute('id');
  ghost.classList.add('drag-ghost');
  ghost.setAttribute('aria-hidden', 'true');
  ghost.style.width = `${rect.width}px`;
  if (shared.drag.kind === 'column') ghost.style.height = `${Math.min(rect.height, innerHeight * 0.6)}px`;
  document.body.append(ghost);
  shared.drag.ghost = ghost;
  element.classList.add('drag-placeholder');
  if (shared.drag.kind === 'card') {
    shared.drag.indicator = el('div', { class: 'drop-indicator', 'aria-hidden': 'true' });
    document.body.append(shared.drag.indicator);
  }
  // Snap scrolling (phones) would pull each edge scroll back to the column it started from.
  $('#board').classList.add('dragging');
  if (shared.drag.pointerType === 'touch') navigator.vibrate?.(12);
  closeMenu(false);
  shared.drag.frame = requestAnimationFrame(autoScroll);
}

function updateDrag() {
  const { ghost, element } = shared.drag;
  ghost.style.transform = `translate(${shared.drag.x - shared.drag.offsetX}px, ${shared.drag.y - shared.drag.offsetY}px) rotate(${shared.drag.kind === 'card' ? 2 : 1}deg)`;
  const board = $('#board');
  if (shared.drag.kind === 'card') {
    // The pointer over the same list as before needs no hit test.
    let list = shared.drag.list?.isConnected && inside(shared.drag.list.getBoundingClientRect(), shared.drag.x, shared.drag.y) ? shared.drag.list : null;
    if (!list) {
      const column = document.elementFromPoint(shared.drag.x, shared.drag.y)?.closest?.('.column');
      if (!column || !board.contains(column) || column.classList.contains('collapsed')) return;
      list = $('.cards', column);
      if (!list) return;
    }
    if (shared.drag.list !== list || !shared.drag.siblings) {
      shared.drag.list = list;
      shared.drag.siblings = [...list.children].filter((node) => node.classList.contains('card') && node !== element);
    }
    shared.drag.before = firstBelow(shared.drag.siblings, shared.drag.y);
    showDropIndicator(shared.drag.indicator, list, shared.drag.before, shared.drag.siblings);
  } else {
    const under = document.elementFromPoint(shared.drag.x, shared.drag.y);
    if (!under?.closest?.('#board')) return;
    const columns = $$(':scope > .column', board).filter((column) => column !== element);
    const before = columns.find((column) => {
      const rect = column.getBoundingClientRect();
      return shared.drag.x < rect.left + rect.width / 2;
    }) ?? $('.add-column', board);
    if (element.nextElementSibling !== before) board.insertBefore(element, before);
  }
}

const inside = (rect, x, y) => x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom;

/** Puts the drop line in `list` just above `before` (else below its last card, else at its top),
 * moved by a transform: nothing is laid out again. */
function showDropIndicator(indicator, list, before, siblings) {
  const listRect = list.getBoundingClientRect();
  const last = siblings[siblings.length - 1];
  let y;
  if (before) y = before.getBoundingClientRect().top - 5;
  else if (last) y = last.getBoundingClientRect().bottom + 3;
  else y = listRect.top + 4;
  y = Math.max(listRect.top, Math.min(listRect.bottom - 2, y));
  // Only what changed is written: a style written, even the same, makes the page restyle it.
  const width = `${Math.max(0, listRect.width - 16)}px`;
  const transform = `translate(${listRect.left + 8}px, ${y}px)`;
  if (indicator.style.width !== width) indicator.style.width = width;
  if (indicator.style.transform !== transform) indicator.style.transform = transform;
}

/** The first of `cards` (top to bottom) whose middle is below `y`, else null: a binary search,
 * so a move over a long column measures a dozen cards, not all of them. */
function firstBelow(cards, y) {
  let low = 0;
  let high = cards.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    const rect = cards[middle].getBoundingClientRect();
    if (y < rect.top + rect.height / 2) high = middle;
    else low = middle + 1;
  }
  return cards[low] ?? null;
}

function nextCard(element) {
  let next = element.nextElementSibling;
  while (next && !next.classList.contains('card')) next = next.nextElementSibling;
  return next;
}

function autoScroll() {
  if (!shared.drag?.active) return;
  const board = $('#board');
  const rect = board.getBoundingClientRect();
  const edge = 60;
  let scrolled = false;
  const speed = (distance) => Math.ceil((edge - distance) / 4);
  if (shared.drag.x < rect.left + edge && board.scrollLeft > 0) {
    board.scrollLeft -= speed(shared.drag.x - rect.left);
    scrolled = true;
  } else if (shared.drag.x > rect.right - edge && board.scrollLeft < board.scrollWidth - board.clientWidth) {
    board.scrollLeft += speed(rect.right - shared.drag.x);
    scrolled = true;
  }
  if (shared.drag.kind === 'card') {
    // The list the last move found under the pointer: asking the page again each frame would
    // make it hit-test (and so lay out) the whole board sixty times a second.
    const list = shared.drag.list;
    if (list?.isConnected) {
      const listRect = list.getBoundingClientRect();
      if (shared.drag.y < listRect.top + 40 && list.scrollTop > 0) {
        list.scrollTop -= 8;
        scrolled = true;
      } else if (shared.drag.y > listRect.bottom - 40 && list.scrollTop < list.scrollHeight - list.clientHeight) {
        list.scrollTop += 8;
        scrolled = true;
      }
    }
  }
  // A long list scrolled renders other cards (render.js windows it) and forgets its siblings.
  if (scrolled || (shared.drag.list && !shared.drag.siblings)) updateDrag();
  shared.drag.frame = requestAnimationFrame(autoScroll);
}

/** Ends the gesture, dropping when a drag was under way (`drop`), else putting things back. */
export function stopDrag({ drop = false } = {}) {
  if (!shared.drag) return;
  const finished = shared.drag;
  shared.drag = null;
  clearTimeout(finished.timer);
  cancelAnimationFrame(finished.frame);
  window.removeEventListener('pointermove', onDragMove);
  window.removeEventListener('pointerup', onDragEnd);
  window.removeEventListener('pointercancel', onDragCancel);
  finished.element.classList.remove('pressing');
  if (!finished.active) {
    if (finished.refreshAfter) scheduleRefresh(0);
    return;
  }
  lastDragEnd = performance.now();
  finished.ghost.remove();
  finished.indicator?.remove();
  finished.element.classList.remove('drag-placeholder');
  $('#board').classList.remove('dragging');
  let sent = false;
  if (drop) {
    sent = finished.kind === 'card' ? dropCard(finished) : dropColumn(finished.element);
  } else if (finished.kind === 'column') {
    finished.origin.parent.insertBefore(finished.element, finished.origin.next);
    render();
  }
  // A move that was sent refetches when it is answered; otherwise catch up on what came meanwhile.
  if (finished.refreshAfter && !sent) scheduleRefresh(0);
}

function onDragEnd(event) {
  if (!shared.drag || event.pointerId !== shared.drag.pointerId) return;
  stopDrag({ drop: true });
}

function onDragCancel(event) {
  if (!shared.drag || event.pointerId !== shared.drag.pointerId) return;
  stopDrag();
}

/** Drops the card of `finished` (a drag) where its line showed: the element goes there at once
 * (the only time the lists are laid out again), and the move is kept and sent. */
function dropCard(finished) {
  const { element, list, before, siblings } = finished;
  const id = element.dataset.id;
  const found = findCard(id);
  const columnName = list?.isConnected ? list.closest('.column')?.dataset.column : null;
  const target = columnName == null ? null : state.live.columns.find((column) => column.name === columnName);
  if (!found || !target) return false;
  const targetCards = target.cards.filter((card) => card.id !== id);
  const index = dropIndex(before, siblings ?? [], targetCards);
  if (found.column.name === columnName && found.index === index) return false;
  // In a windowed list the card below may have left the page (scrolled out): the render puts it.
  if (before && before.parentElement !== list) element.remove();
  else if (element.parentElement !== list || nextCard(element) !== before) list.insertBefore(element, before);
  for (const empty of $$(':scope > .empty-column', list)) empty.hidden = true;
  // The dragged element stays where it was dropped while the move is kept, then shows; the
  // move is said once the server has applied it.
  moveCard(found.card, columnName, index, targetCards);
  return true;
}

/** Where a dropped card lands among `targetCards` (its column without it): right before the
 * card shown below it (`before`), else right after the last one shown above it (a filter or
 * the cards not shown yet may leave cards out in between). */
function dropIndex(before, siblings, targetCards) {
  const indexOf = (node) => (node ? targetCards.findIndex((card) => card.id === node.dataset.id) : -1);
  if (indexOf(before) >= 0) return indexOf(before);
  const above = before ? siblings[siblings.indexOf(before) - 1] : siblings[siblings.length - 1];
  if (indexOf(above) >= 0) return indexOf(above) + 1;
  return targetCards.length;
}

function dropColumn(element) {
  const name = element.dataset.column;
  const columns = $$('#board > .column');
  const at = columns.indexOf(element);
  const before = state.live.columns.findIndex((column) => column.name === name);
  if (at < 0 || at === before || before < 0) {
    render();
    return false;
  }
  outdateBoardFetches(); // a board fetched before this move must not undo it on screen
  const serverIndex = state.server.columns.findIndex((column) => column.name === name);
  if (serverIndex >= 0) state.server.columns.splice(at, 0, ...state.server.columns.splice(serverIndex, 1));
  recompute();
  render();
  moveColumn(name, at);
  return true;
}

// A touch drag must not scroll the page; only a non-passive touchmove listener can stop that.
document.addEventListener('touchmove', (event) => {
  if (shared.drag?.active) event.preventDefault();
}, { passive: false });
// A long press on a card must not open the context menu (Android) or the callout (iOS).
$('#board').addEventListener('contextmenu', (event) => {
  if (shared.drag && event.target.closest('.card, .column-header')) event.preventDefault();
});
