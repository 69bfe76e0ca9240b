// Due reminders: the banner of cards due within a day, and the browser's notifications.

import { $, DUE_POLL_MS, el, sameName, storage } from '/assets/dom.js';
import { shared, state, t } from '/assets/store.js';
import { api } from '/assets/api.js';
import { formatDue } from '/assets/format.js';
import { focusCard, render, revealCard } from '/assets/render.js';
import { exitPast } from '/assets/history.js';
import { switchBoard } from '/assets/columns.js';

// ---------------------------------------------------------------------------------------------
// Due reminders

let dueDismissed = storage.get('kanban.dueDismissed', '');
const notified = new Set();

export async function loadDue() {
  let items;
  try {
    items = await api('GET', '/api/due?within=24h');
  } catch (error) {
    if (error.status === 401) throw error;
    return;
  }
  items = Array.isArray(items) ? items : [];
  // A card that comes due while the page is open: a browser notification, when permitted.
  if (state.dueLoaded) {
    const before = new Map(state.due.map((item) => [item.id, item]));
    for (const item of items) {
      const previous = before.get(item.id);
      if (item.overdue && previous && !previous.overdue && !notified.has(item.id)) {
        notified.add(item.id);
        showNotification(item);
      }
    }
  }
  state.due = items;
  state.dueLoaded = true;
}

function showNotification(item) {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  try {
    const notification = new Notification(t('notificationTitle', { title: item.title }), {
      body: t('notificationBody', { board: item.board, column: item.column }),
      tag: `kanban-due-${item.id}`,
      icon: '/assets/icon.svg',
    });
    notification.onclick = () => {
      window.focus();
      goToCard(item);
    };
  } catch {
    // Some browsers allow notifications only from a service worker; the banner still shows it.
  }
}

/** The due cards worth a reminder: not those standing in their board's last column (done). */
function dueShown() {
  const lastColumn = new Map(state.boards.map((board) => [board.name, board.columns?.[board.columns.length - 1]?.name]));
  return state.due.filter((item) => !sameName(lastColumn.get(item.board), item.column));
}

const dueSignature = () => dueShown().map((item) => `${item.id}:${item.overdue ? 1 : 0}`).sort().join(',');

export function renderDueBanner() {
  const banner = $('#due-banner');
  const items = dueShown();
  if (items.length === 0 || dueSignature() === dueDismissed) {
    banner.hidden = true;
    return;
  }
  banner.hidden = false;
  const overdue = items.filter((item) => item.overdue).length;
  $('#due-summary').textContent = overdue > 0
    ? t('dueSummaryOverdue', { count: items.length, overdue })
    : t('dueSummary', { count: items.length });
  const sorted = [...items].sort((a, b) => (b.overdue - a.overdue) || String(a.due).localeCompare(String(b.due)));
  $('#due-list').replaceChildren(...sorted.slice(0, 6).map((item) => {
    const when = item.overdue ? t('overdueSince', { when: formatDue(item.due) }) : t('dueOn', { when: formatDue(item.due) });
    const button = el('button', { type: 'button', class: `due-chip${item.overdue ? ' overdue' : ''}` },
      el('span', { class: 'due-chip-title' }, String(item.title ?? '')),
      el('span', { class: 'due-chip-when' }, item.board === state.boardName ? when : `${when} · ${item.board}`));
    button.addEventListener('click', () => goToCard(item));
    return el('li', {}, button);
  }), ...(sorted.length > 6 ? [el('li', { class: 'due-more' }, t('andMore', { count: sorted.length - 6 }))] : []));
  $('#notify-button').hidden = !('Notification' in window) || Notification.permission !== 'default';
}

function goToCard(item) {
  if (item.board !== state.boardName) {
    shared.pendingFocus = item.id;
    switchBoard(item.board);
    return;
  }
  if (state.past) exitPast();
  revealCard(item.id);
  focusCard(item.id)?.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'smooth' });
}

$('#due-dismiss').addEventListener('click', () => {
  dueDismissed = dueSignature();
  storage.set('kanban.dueDismissed', dueDismissed);
  renderDueBanner();
});
$('#notify-button').addEventListener('click', async () => {
  try {
    await Notification.requestPermission();
  } finally {
    renderDueBanner();
  }
});
setInterval(async () => {
  try {
    await loadDue();
    renderDueBanner();
  } catch { /* shown on the next refresh */ }
}, DUE_POLL_MS);

// ---------------------------------------------------------------------------------------------
// A new day: the board says which cards are overdue by the page's clock (render.js), so a card
// due yesterday turns red at midnight, not at the next refetch. A timer to the next local
// midnight, and, as a hidden tab's or a sleeping machine's timers come late, whenever the page
// is shown again on another day.

const dayOf = (date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;
let renderedDay = dayOf(new Date());
let midnightTimer = null;

function newDay() {
  const today = dayOf(new Date());
  if (today !== renderedDay) {
    renderedDay = today;
    render();
    // The banner's list, with the server's word on what is overdue now.
    loadDue().then(renderDueBanner, () => {});
  }
  scheduleMidnight();
}

function scheduleMidnight() {
  clearTimeout(midnightTimer);
  const now = new Date();
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  // A moment past it: a timer may fire a little early.
  midnightTimer = setTimeout(newDay, midnight.getTime() - now.getTime() + 250);
}

scheduleMidnight();
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') newDay();
});
