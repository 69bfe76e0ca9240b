// Identity and sign-in: this person's name (`X-Kanban-Actor`), the session, the sign-in dialog
// when the server asks for a token, and `write` (a user action's write, which asks for a name first).

import { $, $$, LIMITS, newKey, storage } from '/assets/dom.js';
import { state, sync, t } from '/assets/store.js';
import { api, ApiError, apiEvents, showErrorIn } from '/assets/api.js';
import { announce, confirmDialog, dismissUndoToasts, openMenu, showError } from '/assets/ui.js';
import { outboxChanged, randomID, refusedRecords, reloadOutbox, undecided } from '/assets/sync.js';
import { connectStream, refresh, scheduleRefresh, stream } from '/assets/live.js';
import { renderHeader } from '/assets/render.js';
import { roleLine } from '/assets/access.js';

// ---------------------------------------------------------------------------------------------
// Writes of user actions

/** Runs a user action's write; any later write makes earlier "Undo" toasts stale. The first
 * write of a person without a name asks for one. */
export async function write(method, path, body, key) {
  await ensureActor();
  dismissUndoToasts();
  const result = await api(method, path, body, key);
  scheduleRefresh(0);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Identity and sign-in

/** Asks what the server needs: whether it takes tokens (then the actor comes from the token). */
export async function loadSession() {
  try {
    const session = await api('GET', '/api/session');
    state.tokens = Boolean(session?.tokens);
    state.sessionActor = typeof session?.actor === 'string' ? session.actor : null;
    state.administrator = session?.administrator !== false;
  } catch (error) {
    // 401: tokens are asked for (the sign-in dialog is open); anything else: assume none.
    state.tokens = error.status === 401;
  }
  renderHeader();
}

/** Whether the page must still ask this person's name before writing. */
export const needsName = () => state.tokens === false && !state.actor;

let namePrompt = null;

/** Opens the name dialog (once at a time); resolves to the name given, or null when put off. */
export function askName() {
  if (namePrompt) return namePrompt;
  const dialog = $('#name-dialog');
  namePrompt = new Promise((resolve) => {
    let answer = null;
    $('#name-input').value = state.actor ?? '';
    $('#name-error').textContent = '';
    $('#name-form').onsubmit = (event) => {
      event.preventDefault();
      const name = $('#name-input').value.trim();
      // Any text (Korean, accents, spaces): it travels percent-encoded; the server checks the length.
      if (name.length === 0 || [...name].length > LIMITS.name) {
        $('#name-error').textContent = t('badName');
        return;
      }
      answer = name;
      setActor(name);
      dialog.close();
    };
    $('#name-cancel').onclick = () => dialog.close();
    // `close` comes a moment after close(): the name is taken already, on submit.
    dialog.addEventListener('close', () => {
      namePrompt = null;
      resolve(answer);
    }, { once: true });
    dialog.showModal();
    $('#name-input').select();
  });
  return namePrompt;
}

/** Takes `name` as this person's name: kept in the browser, their own undo stack shown. */
function setActor(name) {
  state.actor = name;
  storage.set('kanban.actor', name);
  renderHeader();
  scheduleRefresh(0);
}

/** Before a write: a name, asked for when missing (a write without one is not sent). */
export async function ensureActor() {
  if (!needsName()) return;
  if (!(await askName())) throw new Error(t('nameNeeded'));
}

$('#actor-button').addEventListener('click', (event) => {
  if (!state.tokens) {
    askName();
    return;
  }
  openMenu(event.currentTarget, [
    { label: t('signedInAs', { name: state.sessionActor ?? '' }), disabled: true, run: () => {} },
    { label: roleLine(), disabled: true, run: () => {} },
    { label: t('signOut'), run: signOut },
  ]);
});

/** Ends this browser's session (`DELETE /api/session`) and asks for a token again. The changes
 * made here and not yet sent are this person's: after a confirmation they are discarded, and the
 * next person syncs under a new client id, so nothing of one is sent as the other. */
async function signOut() {
  const waiting = [...undecided(), ...refusedRecords()];
  if (waiting.length > 0 && !(await confirmDialog({
    title: t('signOutTitle'), message: t('signOutDiscards', { count: waiting.length }), ok: t('signOut'),
  }))) return;
  try {
    await api('DELETE', '/api/session');
  } catch (error) {
    if (error.status !== 401) {
      showError(error);
      return;
    }
  }
  if (sync.outbox) {
    await sync.outbox.remove(waiting);
    const fresh = randomID('c');
    await sync.outbox.register(fresh);
    storage.set('kanban.clientID', fresh);
    sync.clientID = fresh;
    await reloadOutbox();
    outboxChanged();
  }
  stream?.close();
  state.sessionActor = null;
  announce(t('signedOut'));
  requestSignIn();
}

let signInShown = false;

function requestSignIn() {
  // With tokens the server takes the actor from the token: the name setting does not apply.
  state.tokens = true;
  state.sessionActor = null;
  renderHeader();
  if (signInShown) return;
  signInShown = true;
  const dialog = $('#signin-dialog');
  $('#signin-error').textContent = '';
  $('#signin-token').value = '';
  for (const other of $$('dialog')) if (other.open && other !== dialog) other.close();
  dialog.showModal();
  $('#signin-token').focus();
  showSignInMethods();
}

/** Shows the ways this server signs people in (`GET /auth/methods`): a token, the provider's
 * single sign-on, or both. Until it answers, the token form is shown (the older servers' one way). */
async function showSignInMethods() {
  let methods = null;
  try {
    const response = await fetch('/auth/methods', { credentials: 'same-origin', headers: { Accept: 'application/json' } });
    if (response.ok) methods = await response.json();
  } catch {
    return;
  }
  if (!methods) return;
  $('#signin-provider').hidden = !methods.oidc;
  const tokens = methods.tokens !== false;
  $('#signin-token-fields').hidden = !tokens;
  $('#signin-token-footer').hidden = !tokens;
  if (methods.oidc) $('#signin-oidc').focus();
}

$('#signin-oidc').addEventListener('click', () => {
  window.location.assign('/auth/login');
});

$('#signin-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const token = $('#signin-token').value.trim();
  if (!token) return;
  try {
    const response = await fetch('/api/session', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'Idempotency-Key': newKey() },
      body: JSON.stringify({ token }),
    });
    if (!response.ok) {
      const data = await response.json().catch(() => null);
      throw response.status === 401 ? new Error(t('badToken')) : new ApiError(response.status, data?.error ?? '');
    }
    const session = await response.json().catch(() => null);
    state.sessionActor = typeof session?.actor === 'string' ? session.actor : null;
    state.administrator = session?.administrator !== false;
    signInShown = false;
    $('#signin-dialog').close();
    renderHeader();
    connectStream();
    await refresh();
  } catch (error) {
    showErrorIn($('#signin-error'), error);
  }
});
// The sign-in dialog cannot be dismissed with Escape: nothing works without it.
$('#signin-dialog').addEventListener('cancel', (event) => event.preventDefault());

apiEvents.addEventListener('sign-in-needed', () => requestSignIn());
