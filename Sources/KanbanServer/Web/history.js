// Looking back: the side panel (a board's or card's history, deleted cards) and the time slider.

import { $, $$, el, icon, PAGE_SIZE, sameName } from '/assets/dom.js';
import { hooks, shared, state, t } from '/assets/store.js';
import { api, boardPath, errorParagraph } from '/assets/api.js';
import { formatRelative, formatTime, number } from '/assets/format.js';
import { announce, showError, showToast } from '/assets/ui.js';
import { change } from '/assets/sync.js';
import { scheduleRefresh } from '/assets/live.js';
import { render, renderHeader, renderPastBanner, renderTimebar } from '/assets/render.js';
import { write } from '/assets/identity.js';

// ---------------------------------------------------------------------------------------------
// The side panel: history and deleted cards

let panelTicket = 0;

export function openHistory(card = null, title = null) {
  startPanel({ kind: 'history', card, title, limit: PAGE_SIZE });
}

function openDeleted() {
  startPanel({ kind: 'deleted', limit: PAGE_SIZE });
}

/** Shows `panel`; another list than the one shown starts at its top, not where the last was scrolled. */
function startPanel(panel) {
  const shown = state.panel;
  if (!shown || shown.kind !== panel.kind || shown.card !== panel.card) {
    $('#side-panel-body').scrollTop = 0;
  }
  state.panel = panel;
  showPanel();
}

function showPanel() {
  $('#side-panel').hidden = false;
  document.body.classList.add('panel-open');
  renderHeader();
  refreshPanel();
  $('#side-panel-close').focus();
}

export function closePanel() {
  state.panel = null;
  $('#side-panel').hidden = true;
  document.body.classList.remove('panel-open');
  renderHeader();
}

$('#side-panel-close').addEventListener('click', closePanel);
$('#history-button').addEventListener('click', () => (state.panel?.kind === 'history' && !state.panel.card ? closePanel() : openHistory()));
$('#deleted-button').addEventListener('click', () => (state.panel?.kind === 'deleted' ? closePanel() : openDeleted()));

/** Fetches the panel's entries again: as many as it shows (the first page, plus any asked for
 * with "Show more"), so a live update keeps what was opened. */
export async function refreshPanel() {
  const panel = state.panel;
  if (!panel || !state.boardName) return;
  const ticket = ++panelTicket;
  const title = $('#side-panel-title');
  const tools = $('#side-panel-tools');
  const body = $('#side-panel-body');
  const limit = Math.min(panel.limit ?? PAGE_SIZE, 10_000);
  try {
    if (panel.kind === 'history') {
      title.textContent = panel.card ? t('cardHistoryTitle', { title: panel.title ?? '' }) : t('boardHistoryTitle', { name: state.boardName });
      const entries = await api('GET', historyPath(panel, limit));
      if (ticket !== panelTicket) return;
      tools.replaceChildren();
      if (panel.card) {
        const whole = el('button', { type: 'button', class: 'link-button' }, t('wholeBoard'));
        whole.addEventListener('click', () => openHistory());
        tools.append(whole);
      }
      panel.items = Array.isArray(entries) ? entries : [];
    } else {
      title.textContent = t('deletedCards');
      const deleted = await api('GET', deletedPath(limit));
      if (ticket !== panelTicket) return;
      tools.replaceChildren();
      panel.items = Array.isArray(deleted) ? deleted : [];
    }
    panel.more = panel.items.length >= limit;
    renderPanelBody(panel);
  } catch (error) {
    if (ticket !== panelTicket) return;
    body.replaceChildren(errorParagraph(error));
  }
}

/** `GET …/history` of the panel's board or card: `limit` entries, older than event `before`. */
function historyPath(panel, limit, before = null) {
  const query = new URLSearchParams({ limit: String(limit), lang: state.lang });
  if (panel.card) query.set('card', panel.card);
  if (before != null) query.set('before', String(before));
  return `${boardPath()}/history?${query}`;
}

/** `GET …/deleted`: `limit` cards, deleted before event `before`. */
const deletedPath = (limit, before = null) => `${boardPath()}/deleted?limit=${limit}${before != null ? `&before=${before}` : ''}`;

/** Draws the panel's entries, and "Show more" when the last page came back full. */
function renderPanelBody(panel) {
  const body = $('#side-panel-body');
  body.replaceChildren(panel.kind === 'history' ? renderHistory(panel.items) : renderDeleted(panel.items));
  if (panel.more && panel.items.length > 0) {
    const more = el('button', { type: 'button', class: 'secondary show-more' }, t('showMore'));
    more.addEventListener('click', () => showMore(more));
    body.append(more);
  }
}

/** Fetches the next, older page (`before` the oldest shown) and adds it below. */
async function showMore(button) {
  const panel = state.panel;
  if (!panel?.items?.length) return;
  const ticket = panelTicket;
  button.disabled = true;
  const before = panel.kind === 'history'
    ? Math.min(...panel.items.map((entry) => entry.sequence))
    : panel.items[panel.items.length - 1].sequence;
  try {
    const page = await api('GET', panel.kind === 'history' ? historyPath(panel, PAGE_SIZE, before) : deletedPath(PAGE_SIZE, before));
    if (ticket !== panelTicket || panel !== state.panel) return;
    const items = Array.isArray(page) ? page : [];
    const seen = new Set(panel.items.map((item) => `${item.sequence}:${item.id ?? ''}`));
    const shownBefore = panel.items.length;
    panel.items = panel.items.concat(items.filter((item) => !seen.has(`${item.sequence}:${item.id ?? ''}`)));
    panel.limit = (panel.limit ?? PAGE_SIZE) + PAGE_SIZE;
    panel.more = items.length >= PAGE_SIZE;
    renderPanelBody(panel);
    // Keep the keyboard where the reading goes on: the first of the entries just added.
    const rows = $$('#side-panel-body li');
    $('button', rows[shownBefore] ?? rows[rows.length - 1] ?? $('#side-panel-body'))?.focus();
    announce(t('shownCount', { count: panel.items.length }));
  } catch (error) {
    button.disabled = false;
    showError(error);
  }
}

function renderHistory(entries) {
  if (entries.length === 0) return el('p', { class: 'panel-empty' }, t('noHistory'));
  const list = el('ol', { class: 'history-list' });
  for (const entry of [...entries].sort((a, b) => b.sequence - a.sequence)) {
    const jump = el('button', {
      type: 'button', class: 'sequence-button', title: t('viewAsOf', { sequence: number(entry.sequence) }),
    }, `#${number(entry.sequence)}`);
    jump.addEventListener('click', () => enterPast(entry.sequence));
    list.append(el('li', { class: `history-entry kind-${entry.kind}` },
      el('p', { class: 'history-line' }, String(entry.line ?? '')),
      el('p', { class: 'history-meta' },
        jump,
        el('time', { datetime: entry.time, title: formatTime(entry.time) }, formatRelative(entry.time)),
        el('span', { class: 'history-actor' }, String(entry.actor ?? ''))),
    ));
  }
  return list;
}

function renderDeleted(cards) {
  if (cards.length === 0) return el('p', { class: 'panel-empty' }, t('noDeletedCards'));
  const columns = state.live?.columns ?? [];
  const list = el('ul', { class: 'deleted-list' });
  for (const card of cards) {
    const columnExists = columns.some((column) => sameName(column.name, card.column));
    const bringBack = el('button', { type: 'button', class: 'secondary small' }, icon('restore'), t('bringBack'));
    bringBack.addEventListener('click', async () => {
      bringBack.disabled = true;
      // A card whose column was removed since comes back to the first column.
      const args = { board: state.boardName, card: card.id, column: columnExists || columns.length === 0 ? null : columns[0].name, at: null };
      const kept = { id: card.id, title: card.title, description: card.description, due: card.due, column: card.column };
      try {
        shared.pendingFocus = card.id;
        await change('reviveCard', args, { since: null, local: { title: card.title, card: kept } });
        announce(t('cardBroughtBack', { title: card.title }));
      } catch (error) {
        showError(error);
        bringBack.disabled = false;
      }
    });
    const meta = t('deletedMeta', { column: card.column ?? '', actor: card.actor ?? '', time: formatRelative(card.time) });
    list.append(el('li', { class: 'deleted-card' },
      el('div', { class: 'deleted-text' },
        el('p', { class: 'deleted-title' }, String(card.title ?? '')),
        el('p', { class: 'deleted-meta', title: formatTime(card.time) }, meta)),
      bringBack));
  }
  return list;
}

// ---------------------------------------------------------------------------------------------
// The time slider

let pastTicket = 0;
let pastTimer = null;
const slider = $('#time-slider');

slider.addEventListener('pointerdown', () => { shared.sliderHeld = true; });
window.addEventListener('pointerup', () => { shared.sliderHeld = false; });
slider.addEventListener('input', () => {
  const sequence = Number(slider.value);
  clearTimeout(pastTimer);
  if (sequence >= state.latest) {
    if (state.past) exitPast();
    return;
  }
  $('#time-label').textContent = `#${number(sequence)}`;
  pastTimer = setTimeout(() => enterPast(sequence), 90);
});

/** Shows the board as it was right after event `sequence`, read-only. */
async function enterPast(sequence) {
  if (!state.boardName) return;
  if (sequence >= state.latest) {
    exitPast();
    return;
  }
  const ticket = ++pastTicket;
  state.past = { sequence, view: state.past?.view ?? null, time: null, missing: false };
  slider.value = String(sequence);
  renderTimebar();
  renderPastBanner();
  try {
    const [view, events] = await Promise.all([
      api('GET', `${boardPath()}?at=${sequence}`).catch((error) => {
        if (error.status === 404) return null;
        throw error;
      }),
      sequence > 0 ? api('GET', `/api/log?after=${sequence - 1}&limit=1`).catch(() => []) : Promise.resolve([]),
    ]);
    if (ticket !== pastTicket) return;
    state.past = { sequence, view, time: events?.[0]?.timestamp ?? null, missing: view === null };
    render();
    announce(t('pastBanner', { sequence: number(sequence), time: state.past.time ? formatTime(state.past.time) : '' }));
  } catch (error) {
    if (ticket === pastTicket) showError(error);
  }
}

export function exitPast() {
  ++pastTicket;
  clearTimeout(pastTimer);
  if (!state.past) return;
  state.past = null;
  render();
  scheduleRefresh(0);
}

$('#now-button').addEventListener('click', () => {
  exitPast();
  announce(t('backToNowDone'));
});

$('#restore-button').addEventListener('click', async () => {
  if (!state.past) return;
  const { sequence } = state.past;
  const button = $('#restore-button');
  button.disabled = true;
  try {
    await write('POST', `${boardPath()}/restore`, { to: sequence });
    exitPast();
    const text = t('restored', { sequence: number(sequence) });
    announce(text);
    showToast(text, { undo: true, timeout: 8000, action: { label: t('undo'), run: hooks.undo } });
  } catch (error) {
    showError(error);
  } finally {
    button.disabled = false;
  }
});

/** Makes a look at the past under way too old to show (the board was switched). */
export function outdatePastFetches() {
  ++pastTicket;
}
