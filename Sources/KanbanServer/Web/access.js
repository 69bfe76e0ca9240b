// Who this person is on the board shown, and what that lets them do: the server decides (a
// refused change comes back with the role it needs); the page only disables what would be
// refused, and says why.

import { state, t } from '/assets/store.js';

/** The roles from least to most, as the server names them. */
export const ROLES = ['viewer', 'commenter', 'editor', 'admin'];

/** This person's role on board `view` (the board shown): `admin` for a server administrator
 * (and on a server without tokens, where everyone is one), a member's role, else what the
 * board's visibility gives everyone. */
export function myRole(view = state.live) {
  if (!state.tokens || state.administrator !== false) return 'admin';
  const me = state.sessionActor;
  if (Array.isArray(view?.members) && view.members.includes(me)) return view?.roles?.[me] ?? 'editor';
  return view?.visibility === 'public' ? 'viewer' : 'editor';
}

/** What this person is here, in words: a server administrator, or their role on the board shown. */
export const roleLine = () => (state.administrator !== false ? t('role_administrator') : t(`role_${myRole()}`));

/** Whether this person may make boards: a server administrator (everyone, without sign-in). */
export const mayMakeBoards = () => !state.tokens || state.administrator !== false;

/** Whether this person may do what needs `role` on the board shown. */
export const mayDo = (role, view = state.live) => ROLES.indexOf(myRole(view)) >= ROLES.indexOf(role);

/** Why a control that needs `role` is disabled, or '' when it is not. */
export const notAllowedReason = (role, view = state.live) => (mayDo(role, view) ? '' : t('needsRole', { role: t(`role_${role}`) }));

/** Disables `control` with the reason when this person lacks `role`, enables it otherwise
 * (for controls nothing else disables); returns it. */
export function allowOnly(control, role) {
  const reason = notAllowedReason(role);
  control.disabled = Boolean(reason);
  if (reason) control.title = reason;
  else control.removeAttribute('title');
  return control;
}
