// The Flow view: the board's flow metrics (`GET /api/boards/{b}/flow`) drawn by flow.js.

import { cumulativeFlow, cycleScatter, legend, summary } from '/assets/flow.js';
import { $, el } from '/assets/dom.js';
import { state, t } from '/assets/store.js';
import { api, boardPath, errorParagraph } from '/assets/api.js';

// ---------------------------------------------------------------------------------------------
// The Flow view: the board's flow metrics (`GET /api/boards/{b}/flow`) drawn by flow.js

let flowTicket = 0;
/** The last report shown, redrawn when the language changes. */
let flowReport = null;

async function openFlow() {
  const dialog = $('#flow-dialog');
  const ticket = ++flowTicket;
  flowReport = null;
  renderFlow();
  if (!dialog.open) dialog.showModal();
  try {
    const report = await api('GET', `${boardPath()}/flow`);
    if (ticket !== flowTicket) return;
    flowReport = report;
    renderFlow();
  } catch (error) {
    if (ticket !== flowTicket) return;
    $('#flow-body').replaceChildren(errorParagraph(error));
  }
}

export function renderFlow() {
  const report = flowReport;
  const options = { t, lang: state.lang };
  $('#flow-title').textContent = t('flowTitle', { name: report?.board ?? state.boardName ?? '' });
  const days = report?.days ?? [];
  $('#flow-window').textContent = days.length
    ? t('flowWindow', { from: days[0].date, to: days[days.length - 1].date, count: days.length })
    : '';
  const body = $('#flow-body');
  if (!report) {
    body.replaceChildren(el('p', { class: 'panel-empty' }, t('flowLoading')));
    return;
  }
  const scatter = cycleScatter(report, options);
  body.replaceChildren(
    summary(report, options),
    el('section', { class: 'flow-chart' },
      el('h3', {}, t('cumulativeFlow')), cumulativeFlow(report, options), legend(report)),
    el('section', { class: 'flow-chart' },
      el('h3', {}, t('cycleTimeChart')), scatter ?? el('p', { class: 'panel-empty' }, t('noCycleTimes'))),
    el('p', { class: 'hint' }, t('flowNote')),
  );
}

$('#flow-button').addEventListener('click', () => openFlow());
// Closed, the charts leave the page (thousands of elements a big board's flow draws).
$('#flow-dialog').addEventListener('close', () => { flowTicket++; $('#flow-body').replaceChildren(); });
