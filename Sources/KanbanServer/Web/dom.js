// Constants and small helpers of the web board: limits and timings, element lookup, `el` (which
// makes elements and puts user text in only as text), icons, character counts, idempotency keys
// and the browser's storage. Imports nothing.

// ---------------------------------------------------------------------------------------------
// Constants and small helpers

/** Every event kind the server streams (`event: KIND`); an EventSource only reports named
 * events to listeners registered under their name. */
export const EVENT_KINDS = [
  'boardCreated', 'boardRenamed', 'boardRemoved',
  'columnAdded', 'columnRenamed', 'columnRemoved', 'columnMoved',
  'cardAdded', 'cardEdited', 'cardMoved', 'cardDeleted', 'cardRevived',
  'undone', 'redone', 'restored',
  'cardAssigned', 'cardUnassigned', 'cardLabelled', 'cardUnlabelled', 'dueMarked',
  'commentAdded', 'commentEdited', 'commentDeleted',
  'checklistItemAdded', 'checklistItemRenamed', 'checklistItemChecked', 'checklistItemRemoved', 'checklistItemMoved',
  'linkAttached', 'linkRemoved', 'memberAdded', 'memberRemoved', 'labelChanged', 'columnLimitChanged',
];
export const LIMITS = { title: 200, description: 1000, name: 50 };
/** Entries a side-panel page asks for (history, deleted cards). */
export const PAGE_SIZE = 100;
export const LONG_PRESS_MS = 300;
export const DRAG_THRESHOLD_PX = 5;
export const TOUCH_SLOP_PX = 10;
export const DUE_POLL_MS = 60_000;
/** Mutations per push, and the most bytes of JSON one push carries (the server takes 8 MiB). */
export const PUSH_BATCH = 1000;
export const PUSH_BYTES = 2_000_000;
/** How long a push or a pull may go unanswered before it is given up (a half-open connection). */
export const SYNC_TIMEOUT_MS = 20_000;
/** Waits between tries to reach the server again: doubling from the first to the last. */
export const RETRY_FIRST_MS = 500;
export const RETRY_LAST_MS = 8_000;
/** How long the card dialog waits for the server's decision on an edit before closing. */
export const DIALOG_DECISION_MS = 4_000;

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];
export const enc = encodeURIComponent;
export const delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const sameName = (a, b) => a != null && b != null && a.toLowerCase() === b.toLowerCase();

/** Makes an element. Strings among `children` become text nodes, so user text is never parsed. */
export function el(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value == null || value === false) continue;
    if (name === 'class') node.className = value;
    else node.setAttribute(name, value === true ? '' : String(value));
  }
  node.append(...children.filter((child) => child != null));
  return node;
}

/** An icon from the sprite in index.html. */
export function icon(name, className = 'icon') {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('class', className);
  svg.setAttribute('aria-hidden', 'true');
  const use = document.createElementNS('http://www.w3.org/2000/svg', 'use');
  use.setAttribute('href', `#i-${name}`);
  svg.append(use);
  return svg;
}

/** The number of characters as the server counts them (grapheme clusters). */
const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;
export function characterCount(text) {
  if (!segmenter) return [...text].length;
  let count = 0;
  for (const _ of segmenter.segment(text)) count++;
  return count;
}

/** A fresh idempotency key (crypto.randomUUID needs a secure context; the fallback does not). */
export function newKey() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const storage = {
  get(key, fallback = null) {
    try { return localStorage.getItem(key) ?? fallback; } catch { return fallback; }
  },
  set(key, value) {
    try { localStorage.setItem(key, value); } catch { /* private mode: the setting lasts this visit */ }
  },
};
