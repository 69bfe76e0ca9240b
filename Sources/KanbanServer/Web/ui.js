// The page's small widgets: toasts, screen reader announcements and errors; the pop-up menu; the
// prompt and confirm dialogs.

import { $, $$, el, icon, newKey } from '/assets/dom.js';
import { t } from '/assets/store.js';
import { ApiError, errorDetail, showErrorIn } from '/assets/api.js';

// ---------------------------------------------------------------------------------------------
// Toasts, announcements, errors

export function announce(text) {
  const region = $('#announcer');
  region.textContent = '';
  requestAnimationFrame(() => { region.textContent = text; });
}

/** Shows a short message at the bottom; `action` adds a button (such as "Undo"); `detail` (the
 * server's own words) goes on a second line and in the tooltip. */
export function showToast(message, { action = null, error = false, timeout = 6000, undo = false, detail = '' } = {}) {
  const toast = el('div', { class: `toast${error ? ' toast-error' : ''}`, role: error ? 'alert' : 'status' });
  if (error) toast.append(icon('alert'));
  toast.append(el('span', { class: 'toast-text', title: detail || null }, message,
    detail ? el('span', { class: 'toast-detail' }, detail) : null));
  if (undo) toast.dataset.undo = 'true';
  const close = () => {
    toast.classList.add('leaving');
    setTimeout(() => toast.remove(), 180);
  };
  if (action) {
    const button = el('button', { type: 'button', class: 'toast-action' }, action.label);
    button.addEventListener('click', () => {
      close();
      action.run();
    });
    toast.append(button);
  }
  const dismiss = el('button', { type: 'button', class: 'icon-button toast-close', 'aria-label': t('dismiss') }, icon('close'));
  dismiss.addEventListener('click', close);
  toast.append(dismiss);
  $('#toasts').append(toast);
  while ($('#toasts').childElementCount > 4) $('#toasts').firstElementChild.remove();
  if (timeout) setTimeout(close, timeout);
  return toast;
}

export function dismissUndoToasts() {
  for (const toast of $$('#toasts .toast[data-undo]')) toast.remove();
}

export function showError(error) {
  const message = error instanceof ApiError ? error.message : String(error?.message ?? error);
  showToast(message, { error: true, timeout: 9000, detail: errorDetail(error) });
  announce([message, errorDetail(error)].filter(Boolean).join(' '));
}

// ---------------------------------------------------------------------------------------------
// Menus

let menuAnchor = null;

/** Opens a small menu of buttons below `anchor`. */
export function openMenu(anchor, items) {
  closeMenu();
  const menu = $('#menu');
  menu.replaceChildren(...items.map((item) => {
    const button = el('button', { type: 'button', role: 'menuitem', class: item.danger ? 'danger' : null }, item.label);
    button.disabled = Boolean(item.disabled);
    button.addEventListener('click', () => {
      closeMenu(false);
      item.run();
    });
    return button;
  }));
  menu.hidden = false;
  const rect = anchor.getBoundingClientRect();
  const width = menu.offsetWidth;
  menu.style.left = `${Math.max(8, Math.min(rect.right - width, innerWidth - width - 8))}px`;
  menu.style.top = `${Math.min(rect.bottom + 4, innerHeight - menu.offsetHeight - 8)}px`;
  anchor.setAttribute('aria-expanded', 'true');
  menuAnchor = anchor;
  $('button:not(:disabled)', menu)?.focus();
}

export function closeMenu(returnFocus = true) {
  const menu = $('#menu');
  if (menu.hidden) return;
  menu.hidden = true;
  if (menuAnchor) {
    menuAnchor.setAttribute('aria-expanded', 'false');
    if (returnFocus && menuAnchor.isConnected) menuAnchor.focus();
  }
  menuAnchor = null;
}

$('#menu').addEventListener('keydown', (event) => {
  const buttons = $$('#menu button:not(:disabled)');
  const index = buttons.indexOf(document.activeElement);
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    const step = event.key === 'ArrowDown' ? 1 : -1;
    buttons[(index + step + buttons.length) % buttons.length]?.focus();
  } else if (event.key === 'Home' || event.key === 'End') {
    event.preventDefault();
    buttons[event.key === 'Home' ? 0 : buttons.length - 1]?.focus();
  } else if (event.key === 'Escape') {
    event.preventDefault();
    event.stopPropagation();
    closeMenu();
  } else if (event.key === 'Tab') {
    closeMenu(false);
  }
});
document.addEventListener('pointerdown', (event) => {
  if (!$('#menu').hidden && !event.target.closest('#menu') && !menuAnchor?.contains(event.target)) closeMenu(false);
});

// ---------------------------------------------------------------------------------------------
// Dialogs: prompt and confirm

/**
 * Asks for a name (and optionally a second value). `submit(values)` runs the action; when it
 * throws, the dialog stays open and shows the error.
 */
export function promptDialog({ title, label, value = '', ok, second = null, check = null, inputMode = null, submit }) {
  const dialog = $('#prompt-dialog');
  const input = $('#prompt-input');
  const secondInput = $('#prompt-input-2');
  $('#prompt-title').textContent = title;
  $('#prompt-label').textContent = label;
  if (inputMode) input.inputMode = inputMode;
  else input.removeAttribute('inputmode');
  $('#prompt-ok').textContent = ok;
  $('#prompt-error').textContent = '';
  input.value = value;
  $('#prompt-second').hidden = !second;
  if (second) {
    $('#prompt-label-2').textContent = second.label;
    $('#prompt-hint-2').textContent = second.hint ?? '';
    secondInput.value = second.value ?? '';
    secondInput.placeholder = second.placeholder ?? '';
  }
  $('#prompt-check-row').hidden = !check;
  if (check) {
    $('#prompt-check-label').textContent = check.label;
    $('#prompt-check').checked = Boolean(check.checked);
  }
  let key = newKey();
  const form = $('#prompt-form');
  form.onsubmit = async (event) => {
    event.preventDefault();
    const okButton = $('#prompt-ok');
    okButton.disabled = true;
    try {
      await submit({ value: input.value, second: secondInput.value, check: $('#prompt-check').checked }, key);
      dialog.close();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 0) key = newKey();
      showErrorIn($('#prompt-error'), error);
    } finally {
      okButton.disabled = false;
    }
  };
  $('#prompt-cancel').onclick = () => dialog.close();
  dialog.showModal();
  input.select();
}

/** Asks to confirm something that cannot be taken back without undo; resolves to true or false. */
export function confirmDialog({ title, message, ok }) {
  const dialog = $('#confirm-dialog');
  $('#confirm-title').textContent = title;
  $('#confirm-message').textContent = message;
  $('#confirm-ok').textContent = ok;
  return new Promise((resolve) => {
    let answer = false;
    $('#confirm-form').onsubmit = (event) => {
      event.preventDefault();
      answer = true;
      dialog.close();
    };
    $('#confirm-cancel').onclick = () => dialog.close();
    dialog.addEventListener('close', () => resolve(answer), { once: true });
    dialog.showModal();
    $('#confirm-cancel').focus();
  });
}
