// The Flow view's charts, drawn by the page as SVG (no library): a cumulative flow diagram
// (cards per column at the end of each day, stacked, the last column at the bottom) and a
// cycle-time scatter plot (each finished card at its completion date and cycle time in days,
// with the 85th percentile as a line). Pure functions of the `GET /api/boards/{b}/flow` answer;
// `t` translates and `lang` formats numbers and dates. User text only ever goes in as text.

const SVG = 'http://www.w3.org/2000/svg';
const DAY_SECONDS = 86_400;
/** How many series colours board.css defines (`--series-0` …). */
const SERIES = 8;

/** Makes an SVG element; strings among `children` become text nodes. */
function svg(tag, attributes = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value != null) node.setAttribute(name, String(value));
  }
  node.append(...children.filter((child) => child != null));
  return node;
}

/** An HTML element; strings among `children` become text nodes. */
function html(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value == null) continue;
    if (name === 'class') node.className = value;
    else node.setAttribute(name, String(value));
  }
  node.append(...children.filter((child) => child != null));
  return node;
}

const round = (value) => Math.round(value * 10) / 10;

/** `YYYY-MM-DD` (a local day of the server) as a short date in `lang`, with its year when `withYear`. */
function formatDay(text, lang, withYear) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(text ?? ''));
  if (!match) return String(text ?? '');
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const options = { month: 'short', day: 'numeric', timeZone: 'UTC' };
  if (withYear) options.year = 'numeric';
  return new Intl.DateTimeFormat(lang, options).format(date);
}

/** Seconds as days, one decimal, in `lang`. */
export function formatDays(seconds, lang) {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(seconds / DAY_SECONDS);
}

/** The chart's frame: the plot area inside margins for the axis labels. */
function frame(width, height) {
  const margin = { left: 44, right: 14, top: 12, bottom: 40 };
  return { width, height, margin, plotWidth: width - margin.left - margin.right, plotHeight: height - margin.top - margin.bottom };
}

/** Axis lines, ticks and labels: `yTicks` and `xTicks` are `[value, position]` pairs. */
function axes(box, { xTicks, yTicks, xTitle, yTitle }) {
  const { margin, plotWidth, plotHeight } = box;
  const group = svg('g', { class: 'chart-axes' });
  const bottom = margin.top + plotHeight;
  group.append(
    svg('line', { x1: margin.left, y1: bottom, x2: margin.left + plotWidth, y2: bottom, class: 'axis-line' }),
    svg('line', { x1: margin.left, y1: margin.top, x2: margin.left, y2: bottom, class: 'axis-line' }),
  );
  for (const [label, y] of yTicks) {
    group.append(
      svg('line', { x1: margin.left, y1: y, x2: margin.left + plotWidth, y2: y, class: 'grid-line' }),
      svg('text', { x: margin.left - 6, y: y + 4, 'text-anchor': 'end', class: 'tick-label' }, label),
    );
  }
  for (const [label, x, anchor] of xTicks) {
    group.append(svg('text', { x, y: bottom + 16, 'text-anchor': anchor ?? 'middle', class: 'tick-label' }, label));
  }
  group.append(
    svg('text', { x: margin.left + plotWidth / 2, y: box.height - 4, 'text-anchor': 'middle', class: 'axis-title' }, xTitle),
    svg('text', {
      x: 12, y: margin.top + plotHeight / 2, 'text-anchor': 'middle', class: 'axis-title',
      transform: `rotate(-90 12 ${margin.top + plotHeight / 2})`,
    }, yTitle),
  );
  return group;
}

/** Up to three tick values from 0 to `max`, whole numbers when `whole`. */
function ticks(max, whole) {
  const values = [0, max / 2, max].map((value) => (whole ? Math.round(value) : round(value)));
  return [...new Set(values)];
}

/**
 * The cumulative flow diagram: one `path.cfd-area` per column (in `report.columns` order, each
 * with its name as `data-column` and `<title>`), stacked over the days, the last column lowest.
 */
export function cumulativeFlow(report, { t, lang, width = 640, height = 260 }) {
  const columns = report.columns ?? [];
  const days = report.days ?? [];
  const box = frame(width, height);
  const { margin, plotWidth, plotHeight } = box;
  const totals = days.map((day) => columns.reduce((sum, name) => sum + (day.counts?.[name] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const x = (index) => margin.left + (days.length <= 1 ? plotWidth / 2 : (index / (days.length - 1)) * plotWidth);
  const y = (value) => margin.top + plotHeight - (value / max) * plotHeight;
  // A single day is drawn as a band across the plot.
  const xs = days.length === 1 ? [margin.left, margin.left + plotWidth] : days.map((_, index) => x(index));
  const series = days.length === 1 ? [days[0], days[0]] : days;

  const chart = svg('svg', {
    class: 'chart cfd', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': t('cumulativeFlow'),
    preserveAspectRatio: 'xMidYMid meet',
  });
  const yTicks = ticks(max, true).map((value) => [new Intl.NumberFormat(lang).format(value), y(value)]);
  const xTicks = [];
  if (days.length > 0) {
    // Years are shown when the days span more than one.
    const years = days[0].date?.slice(0, 4) !== days[days.length - 1].date?.slice(0, 4);
    const middle = Math.floor(days.length / 2);
    xTicks.push([formatDay(days[0].date, lang, years), xs[0], 'start']);
    if (days.length > 2) xTicks.push([formatDay(days[middle].date, lang, years), x(middle)]);
    if (days.length > 1) xTicks.push([formatDay(days[days.length - 1].date, lang, years), xs[xs.length - 1], 'end']);
  }
  chart.append(axes(box, { xTicks, yTicks, xTitle: t('flowDays'), yTitle: t('flowCards') }));

  // From the last column (bottom) up: each area lies between the sums below and with it.
  const below = series.map(() => 0);
  const areas = [];
  for (let index = columns.length - 1; index >= 0; index--) {
    const name = columns[index];
    const lower = [...below];
    series.forEach((day, point) => { below[point] += day.counts?.[name] ?? 0; });
    const top = series.map((_, point) => `${round(xs[point])},${round(y(below[point]))}`);
    const bottom = series.map((_, point) => `${round(xs[point])},${round(y(lower[point]))}`).reverse();
    const d = series.length === 0 ? '' : `M${top.join('L')}L${bottom.join('L')}Z`;
    const last = series.length ? series[series.length - 1].counts?.[name] ?? 0 : 0;
    areas.unshift(svg('path', {
      d, class: `cfd-area series-${index % SERIES}`, 'data-column': name,
    }, svg('title', {}, t('cfdAreaTitle', { column: name, count: last }))));
  }
  chart.append(...areas);
  return chart;
}

/** The legend of the diagram: each column's colour and name, first column first. */
export function legend(report) {
  const list = html('ul', { class: 'chart-legend' });
  (report.columns ?? []).forEach((name, index) => {
    list.append(html('li', {}, html('span', { class: `swatch series-${index % SERIES}`, 'aria-hidden': 'true' }), name));
  });
  return list;
}

/**
 * The cycle-time scatter plot: a `circle.cycle-point` per card with a cycle time (x: when it
 * was completed, y: its cycle time in days) and `line.p85-line` at the 85th percentile.
 * `null` when no card has a cycle time.
 */
export function cycleScatter(report, { t, lang, width = 640, height = 240 }) {
  const cards = (report.cards ?? []).filter((card) => typeof card.cycle === 'number' && !Number.isNaN(Date.parse(card.completed)));
  if (cards.length === 0) return null;
  const box = frame(width, height);
  const { margin, plotWidth, plotHeight } = box;
  const times = cards.map((card) => Date.parse(card.completed));
  const first = Math.min(...times);
  const last = Math.max(...times);
  const span = Math.max(last - first, 1);
  const p85 = report.summary?.cycle?.p85;
  const maxDays = Math.max(1 / 24, ...cards.map((card) => card.cycle / DAY_SECONDS), (p85 ?? 0) / DAY_SECONDS) * 1.1;
  const x = (time) => margin.left + (last === first ? plotWidth / 2 : ((time - first) / span) * plotWidth);
  const y = (seconds) => margin.top + plotHeight - (seconds / DAY_SECONDS / maxDays) * plotHeight;
  const years = new Date(first).getFullYear() !== new Date(last).getFullYear();
  const shortDate = (time) => new Intl.DateTimeFormat(lang, { month: 'short', day: 'numeric', year: years ? 'numeric' : undefined }).format(new Date(time));

  const chart = svg('svg', {
    class: 'chart cycle-scatter', viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': t('cycleTimeChart'),
    preserveAspectRatio: 'xMidYMid meet',
  });
  const yTicks = ticks(maxDays, maxDays >= 3).map((value) => [new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(value), y(value * DAY_SECONDS)]);
  const xTicks = [[shortDate(first), x(first), last === first ? 'middle' : 'start']];
  if (last !== first) xTicks.push([shortDate(last), x(last), 'end']);
  chart.append(axes(box, { xTicks, yTicks, xTitle: t('flowCompleted'), yTitle: t('flowCycleDays') }));

  if (typeof p85 === 'number') {
    const lineY = round(y(p85));
    chart.append(
      svg('line', { x1: margin.left, y1: lineY, x2: margin.left + plotWidth, y2: lineY, class: 'p85-line' }),
      svg('text', { x: margin.left + plotWidth - 4, y: lineY - 5, 'text-anchor': 'end', class: 'p85-label' },
        t('p85Line', { days: formatDays(p85, lang) })),
    );
  }
  cards.forEach((card, index) => {
    chart.append(svg('circle', {
      cx: round(x(times[index])), cy: round(y(card.cycle)), r: 4.5, class: 'cycle-point',
    }, svg('title', {}, t('cyclePointTitle', { title: String(card.title ?? ''), days: formatDays(card.cycle, lang) }))));
  });
  return chart;
}

/** The figures under the title: lead and cycle percentiles, throughput (the weekly average and
 * the last week's), the cards in each column now. */
export function summary(report, { t, lang }) {
  const list = html('dl', { class: 'flow-figures' });
  const percentiles = (figures) => (typeof figures?.p50 === 'number'
    ? t('percentilesDays', { p50: formatDays(figures.p50, lang), p85: formatDays(figures.p85, lang), p95: formatDays(figures.p95, lang) })
    : t('noFigure'));
  const weeks = report.summary?.throughputPerWeek ?? [];
  const lastWeek = weeks[weeks.length - 1];
  const average = weeks.reduce((sum, week) => sum + (week.done ?? 0), 0) / Math.max(weeks.length, 1);
  const throughput = lastWeek
    ? `${t('throughputAverage', { average: new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(average), count: weeks.length })} · ${t('throughputWeek', { count: lastWeek.done, week: lastWeek.week })}`
    : t('noFigure');
  const wip = report.summary?.wip ?? {};
  const entries = [
    [t('leadTime'), percentiles(report.summary?.lead)],
    [t('cycleTime'), percentiles(report.summary?.cycle)],
    [t('throughput'), throughput],
    [t('wipNow'), (report.columns ?? []).map((name) => `${name} ${new Intl.NumberFormat(lang).format(wip[name] ?? 0)}`).join(' · ')],
  ];
  for (const [term, value] of entries) list.append(html('dt', {}, term), html('dd', {}, value));
  return list;
}
