// The JSON API: `api()` sends one request (retrying a request that got no answer under the same
// idempotency key), `ApiError` says a refusal in the page's language, and the paths of a board,
// a card and a column. What the page must do about an answer is reported as events on
// `apiEvents`, not by calling the page: `sign-in-needed` (a 401; identity.js asks) and
// `refresh-needed` (a change went through; live.js refetches).

import { delay, el, enc, newKey } from '/assets/dom.js';
import { state, t } from '/assets/store.js';

// ---------------------------------------------------------------------------------------------
// The API

/** A refused or failed request: `message` is a sentence in the page's language chosen by the
 * status, `detail` the server's own line (`{"error"}`, English). */
export class ApiError extends Error {
  constructor(status, detail = '') {
    super(statusMessage(status));
    this.status = status;
    this.detail = detail;
  }
}

/** The page's sentence for a refusal with HTTP `status` (0: no answer at all). */
function statusMessage(status) {
  if (status === 0) return t('networkError');
  if (status === 401) return t('signInNeeded');
  if (status >= 500) return t('errorServer');
  const keys = { 400: 'errorBadRequest', 404: 'errorNotFound', 409: 'errorConflict', 413: 'errorTooLarge', 422: 'errorRefused' };
  return keys[status] ? t(keys[status]) : t('errorOther', { status });
}

/** The server's detail of `error` when it adds something to the sentence, else ''. */
export function errorDetail(error) {
  const detail = error instanceof ApiError ? String(error.detail ?? '') : '';
  return detail && detail !== error.message ? detail : '';
}

/** Whether the only pointer is a finger (a phone or tablet without a keyboard's shortcuts to offer). */
export const touchOnly = () => Boolean(globalThis.matchMedia?.('(hover: none) and (pointer: coarse)').matches);

/** A paragraph saying `error` (in a panel or a view that could not load). */
export function errorParagraph(error) {
  const paragraph = el('p', { class: 'panel-empty' });
  showErrorIn(paragraph, error);
  return paragraph;
}

/** Shows `error` in `node` (a form's error line): the sentence, and the server's detail as a
 * second, smaller line and as the tooltip. */
export function showErrorIn(node, error) {
  const detail = errorDetail(error);
  // replaceChildren writes a null as the text "null": only the parts there are.
  node.replaceChildren(...[el('span', { class: 'error-main' }, String(error?.message ?? error)),
    detail ? el('span', { class: 'error-detail' }, detail) : null].filter(Boolean));
  if (detail) node.title = detail;
  else node.removeAttribute('title');
}

/**
 * Sends one request. Writes carry `Content-Type: application/json` and an `Idempotency-Key`
 * (`key`, or a fresh one): a request that got no answer is sent again with the same key, so the
 * server applies it at most once.
 */
export async function api(method, path, body, key) {
  // Header values must be ASCII: the name goes percent-encoded (the server decodes it).
  const headers = { Accept: 'application/json' };
  if (state.actor) headers['X-Kanban-Actor'] = encodeURIComponent(state.actor);
  const init = { method, headers, credentials: 'same-origin', cache: 'no-store' };
  if (method !== 'GET') {
    headers['Content-Type'] = 'application/json';
    headers['Idempotency-Key'] = key ?? newKey();
    if (body !== undefined) init.body = JSON.stringify(body);
  }
  let response;
  for (let attempt = 0; ; attempt++) {
    try {
      response = await fetch(path, init);
      if (response.status >= 502 && response.status <= 504 && attempt < 2) {
        await delay(400 * (attempt + 1));
        continue;
      }
      break;
    } catch {
      if (attempt >= 2) throw new ApiError(0);
      await delay(400 * (attempt + 1));
    }
  }
  const text = await response.text();
  let data = null;
  if (text) {
    try { data = JSON.parse(text); } catch { data = null; }
  }
  if (response.status === 401) {
    signInNeeded();
    throw new ApiError(401, data?.error ?? '');
  }
  if (!response.ok) {
    throw new ApiError(response.status, typeof data?.error === 'string' ? data.error : `${response.status} ${response.statusText}`);
  }
  return data;
}

export const boardPath = (name = state.boardName) => `/api/boards/${enc(name)}`;
export const cardPath = (id) => `${boardPath()}/cards/${enc(id)}`;
export const columnPath = (name) => `${boardPath()}/columns/${enc(name)}`;

/** What the API reports: `sign-in-needed` and `refresh-needed` (`detail`: the wait in ms). */
export const apiEvents = new EventTarget();

/** Reports that the server asks for a sign-in. */
export function signInNeeded() {
  apiEvents.dispatchEvent(new Event('sign-in-needed'));
}

/** Reports that the board should be fetched again, within `wait` ms. */
export function requestRefresh(wait) {
  apiEvents.dispatchEvent(new CustomEvent('refresh-needed', { detail: wait }));
}
