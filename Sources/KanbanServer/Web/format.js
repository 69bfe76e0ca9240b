// Formatting for the page: numbers, dates and due dates in the page's language, and Markdown in
// descriptions and comments (a safe subset built as DOM nodes; the text is never parsed as HTML).

import { el } from '/assets/dom.js';
import { state } from '/assets/store.js';

// ---------------------------------------------------------------------------------------------
// Formatting

export function dueDate(due) {
  if (typeof due !== 'string') return null;
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(due);
  if (dateOnly) return { date: new Date(+dateOnly[1], +dateOnly[2] - 1, +dateOnly[3], 23, 59, 59), dateOnly: true };
  const date = new Date(due);
  return Number.isNaN(date.getTime()) ? null : { date, dateOnly: false };
}

export function formatDue(due) {
  const parsed = dueDate(due);
  if (!parsed) return String(due);
  const { date, dateOnly } = parsed;
  const options = { month: 'short', day: 'numeric' };
  if (date.getFullYear() !== new Date().getFullYear()) options.year = 'numeric';
  if (!dateOnly) Object.assign(options, { hour: 'numeric', minute: '2-digit' });
  return new Intl.DateTimeFormat(state.lang, options).format(date);
}

/** Whether `due` has passed by this page's clock (a date without a time at the end of its day). */
export function duePassed(due) {
  const parsed = dueDate(due);
  return Boolean(parsed) && parsed.date.getTime() < Date.now();
}

/** Whether a card not yet overdue comes due within a day. */
export function dueSoon(due) {
  const parsed = dueDate(due);
  if (!parsed) return false;
  const left = parsed.date.getTime() - Date.now();
  return left >= 0 && left <= 24 * 3600 * 1000;
}

export function formatTime(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return String(iso ?? '');
  return new Intl.DateTimeFormat(state.lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatRelative(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const seconds = (date.getTime() - Date.now()) / 1000;
  const format = new Intl.RelativeTimeFormat(state.lang, { numeric: 'auto' });
  const steps = [[60, 'second'], [3600, 'minute'], [86400, 'hour'], [604800, 'day'], [2629800, 'week'], [31557600, 'month']];
  let unit = 'year';
  let divisor = 31557600;
  let previous = 1;
  for (const [limit, name] of steps) {
    if (Math.abs(seconds) < limit) {
      unit = name;
      divisor = previous;
      break;
    }
    previous = limit;
  }
  return format.format(Math.round(seconds / divisor), unit);
}

export const number = (value) => new Intl.NumberFormat(state.lang).format(value);

// ---------------------------------------------------------------------------------------------
// Markdown in descriptions: a safe subset, built as DOM nodes (the text is never parsed as HTML)

/** The schemes a description's link may use; a link to anything else stays text. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** Inline marks: `code`, **bold**, *italic* or _italic_, [text](url), and a bare http(s) URL. */
const INLINE_MARKS = new RegExp([
  /`([^`\n]+)`/.source,
  /\*\*(?=\S)([^]*?\S)\*\*/.source,
  /(?<![\w*])\*([^\s*](?:[^*]*?[^\s*])?)\*(?!\*)/.source,
  /(?<![\w_])_([^\s_](?:[^_]*?[^\s_])?)_(?![\w_])/.source,
  /\[([^\]\n]+)\]\(\s*([^()\s]+)\s*\)/.source,
  /(https?:\/\/[^\s<>]*[^\s<>.,;:!?'")\]*_])/.source,
].join('|'), 'g');

/** `href` when it is an absolute http(s) or mailto URL, else null. */
export function safeHref(href) {
  try {
    const url = new URL(href);
    return LINK_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

/** A list item's marker: `- `, `* `, `+ ` or `1. ` / `1) `; null for other lines. */
function listItem(line) {
  const bullet = /^ {0,3}[-*+]\s+(.*)$/.exec(line);
  if (bullet) return { ordered: false, text: bullet[1] };
  const numbered = /^ {0,3}(\d{1,9})[.)]\s+(.*)$/.exec(line);
  return numbered ? { ordered: true, start: Number(numbered[1]), text: numbered[2] } : null;
}

/** A code fence's opening (` ``` ` or `~~~`, three or more); null for other lines. */
const fenceOf = (line) => /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1] ?? null;

/**
 * The nodes `text` shows as: paragraphs (a line break stays a line break), bullet and numbered
 * lists, fenced code blocks, and inline marks. `tabStops: false` keeps its links out of the Tab
 * order (a card's preview: the card's dialog has them).
 */
export function markdown(text, { tabStops = true } = {}) {
  const lines = String(text ?? '').replace(/\r\n?/g, '\n').split('\n');
  const blocks = [];
  let at = 0;
  while (at < lines.length) {
    const line = lines[at];
    const fence = fenceOf(line);
    if (fence) {
      const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
      const code = [];
      for (at++; at < lines.length && !closing.test(lines[at]); at++) code.push(lines[at]);
      at++; // the closing fence (a block left open runs to the end)
      blocks.push(el('pre', {}, el('code', {}, code.join('\n'))));
    } else if (listItem(line)) {
      const first = listItem(line);
      const list = el(first.ordered ? 'ol' : 'ul', first.ordered && first.start !== 1 ? { start: first.start } : {});
      for (; at < lines.length; at++) {
        const item = listItem(lines[at]);
        if (item && item.ordered === first.ordered) list.append(el('li', {}, ...inlineMarks(item.text, tabStops)));
        else if (!item && /^\s{2,}\S/.test(lines[at])) list.lastChild.append(el('br'), ...inlineMarks(lines[at].trim(), tabStops));
        else break;
      }
      blocks.push(list);
    } else if (line.trim() === '') {
      at++;
    } else {
      const paragraph = el('p');
      for (; at < lines.length && lines[at].trim() !== '' && !listItem(lines[at]) && !fenceOf(lines[at]); at++) {
        if (paragraph.firstChild) paragraph.append(el('br'));
        paragraph.append(...inlineMarks(lines[at], tabStops));
      }
      blocks.push(paragraph);
    }
  }
  return blocks;
}

/** The nodes of one line's inline marks; the rest stays text. `links: false` inside a link's text. */
function inlineMarks(text, tabStops, links = true) {
  const nodes = [];
  let last = 0;
  for (const match of text.matchAll(INLINE_MARKS)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    nodes.push(inlineMark(match, tabStops, links));
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** The node of one inline mark matched by `INLINE_MARKS`. */
function inlineMark(match, tabStops, links) {
  const [whole, code, bold, star, underscore, label, target, bare] = match;
  if (code != null) return el('code', {}, code);
  if (bold != null) return el('strong', {}, ...inlineMarks(bold, tabStops, links));
  if (star != null || underscore != null) return el('em', {}, ...inlineMarks(star ?? underscore, tabStops, links));
  const href = links ? safeHref(label != null ? target : bare) : null;
  if (!href) return label != null ? `[${label}](${target})` : whole;
  return el('a', { href, rel: 'noopener noreferrer', target: '_blank', tabindex: tabStops ? null : '-1' },
    ...(label != null ? inlineMarks(label, tabStops, false) : [bare]));
}
