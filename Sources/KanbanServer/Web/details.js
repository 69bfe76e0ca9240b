// Changes to cards' and boards' details, as the page shows them before the server has decided
// them: each queued change (a mutation of the outbox) replayed on the board's card faces, on the
// board's members, labels and column limits, and on a card's details in its dialog, as the
// server would decide it. Replaying a change the view has already changes nothing where that
// can be told (an id, a name already there).

/** The names of the mutations that change a card's details. */
export const CARD_DETAIL_CHANGES = new Set([
  'assign', 'unassign', 'label', 'unlabel', 'markDue', 'addComment', 'editComment', 'deleteComment',
  'addChecklistItem', 'renameChecklistItem', 'checkChecklistItem', 'removeChecklistItem', 'moveChecklistItem',
  'attachLink', 'removeLink',
]);

/** The names of the mutations that change a board's details. */
export const BOARD_DETAIL_CHANGES = new Set(['addMember', 'removeMember', 'setMemberRole', 'setVisibility', 'setLabel', 'removeLabel', 'setColumnLimit']);

const folded = (text) => String(text ?? '').trim().toLowerCase();
const byCodePoint = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** `list` with `name` added, kept sorted as the server keeps it, once. */
function withName(list, name) {
  const names = Array.isArray(list) ? list.map(String) : [];
  if (names.includes(name)) return names;
  return [...names, name].sort(byCodePoint);
}

/** `list` without `name` (ignoring case when `anyCase`); `undefined` when nothing is left (the
 * board omits empty lists). */
function withoutName(list, name, anyCase = false) {
  const names = (Array.isArray(list) ? list.map(String) : [])
    .filter((other) => (anyCase ? folded(other) !== folded(name) : other !== name.trim()));
  return names.length > 0 ? names : undefined;
}

/** A count one more or one less, `undefined` at zero (the board omits it then). */
const counted = (count, step) => {
  const next = Math.max(0, (Number(count) || 0) + step);
  return next > 0 ? next : undefined;
};

/** The spelling of label `name` on a board whose labels are `labels` (`[{name, colour}]`). */
function labelSpelling(labels, name) {
  const made = (Array.isArray(labels) ? labels : []).find((label) => folded(label.name) === folded(name));
  return made ? String(made.name) : String(name).trim();
}

/** Card face `card` (as a board lists it) with a card-detail mutation applied; `local` holds what
 * the page knew when the change was made (`wasDone`: whether the item was checked). Returns the
 * card unchanged when the mutation does not change its face. */
export function cardFaceWith(card, { name, args, local }, boardLabels) {
  const next = { ...card };
  switch (name) {
    case 'assign': next.assignees = withName(card.assignees, String(args.person).trim()); break;
    case 'unassign': next.assignees = withoutName(card.assignees, String(args.person)); break;
    case 'label': next.labels = withName(card.labels, labelSpelling(boardLabels, args.label)); break;
    case 'unlabel': next.labels = withoutName(card.labels, String(args.label), true); break;
    case 'markDue': next.dueDone = args.done ? true : undefined; break;
    case 'addComment': next.comments = counted(card.comments, 1); break;
    case 'deleteComment': next.comments = counted(card.comments, -1); break;
    case 'attachLink': next.links = counted(card.links, 1); break;
    case 'removeLink': next.links = counted(card.links, -1); break;
    case 'addChecklistItem':
    case 'removeChecklistItem':
    case 'checkChecklistItem': {
      const progress = { done: Number(card.checklist?.done) || 0, total: Number(card.checklist?.total) || 0 };
      const wasDone = Boolean(local?.wasDone);
      if (name === 'addChecklistItem') progress.total += 1;
      if (name === 'removeChecklistItem') {
        progress.total = Math.max(0, progress.total - 1);
        if (wasDone) progress.done = Math.max(0, progress.done - 1);
      }
      if (name === 'checkChecklistItem' && Boolean(args.done) !== wasDone) progress.done += args.done ? 1 : -1;
      progress.done = Math.min(Math.max(0, progress.done), progress.total);
      next.checklist = progress.total > 0 ? progress : undefined;
      break;
    }
    default: return card;
  }
  return next;
}

/** Board `view` (copied by the caller) with a board-detail mutation applied. */
export function applyBoardDetail(view, { name, args }) {
  switch (name) {
    case 'addMember':
    case 'setMemberRole': {
      const person = String(args.person).trim();
      if (name === 'setMemberRole' && !(view.members ?? []).includes(person)) return;
      view.members = withName(view.members, person);
      const roles = { ...(view.roles ?? {}) };
      if (args.role && args.role !== 'editor') roles[person] = String(args.role);
      else if (args.role === 'editor') delete roles[person];
      view.roles = Object.keys(roles).length > 0 ? roles : undefined;
      return;
    }
    case 'removeMember': {
      view.members = withoutName(view.members, String(args.person));
      const roles = { ...(view.roles ?? {}) };
      delete roles[String(args.person)];
      view.roles = Object.keys(roles).length > 0 ? roles : undefined;
      return;
    }
    case 'setVisibility': view.visibility = args.visibility === 'open' ? undefined : String(args.visibility); return;
    case 'setLabel':
    case 'removeLabel': {
      const labels = (Array.isArray(view.labels) ? view.labels : []).filter((label) => folded(label.name) !== folded(args.name));
      if (name === 'setLabel') {
        labels.push({ name: labelSpelling(view.labels, args.name), colour: String(args.colour) });
        labels.sort((a, b) => byCodePoint(a.name, b.name));
      }
      view.labels = labels.length > 0 ? labels : undefined;
      return;
    }
    case 'setColumnLimit': {
      const index = view.columns.findIndex((column) => folded(column.name) === folded(args.column));
      if (index >= 0) {
        const limit = args.limit ?? undefined;
        view.columns[index] = { ...view.columns[index], limit, strict: limit != null && args.strict ? true : undefined };
      }
      return;
    }
    default:
  }
}

/** A card's details as `GET /api/boards/B/cards/C` answers them, with a card-detail mutation
 * applied (a copy; `data` is left as it was). `actor` wrote an added comment, at `createdAt`. */
export function detailsWith(data, { name, args, actor, createdAt }, boardLabels) {
  const next = { ...data };
  const list = (key) => (Array.isArray(data[key]) ? [...data[key]] : []);
  const at = (items, id) => items.findIndex((item) => item.id === id);
  switch (name) {
    case 'assign': next.assignees = withName(data.assignees, String(args.person).trim()); break;
    case 'unassign': next.assignees = withoutName(data.assignees, String(args.person)) ?? []; break;
    case 'label': {
      const spelling = labelSpelling(boardLabels, args.label);
      const labels = list('labels');
      if (!labels.some((label) => label.name === spelling)) {
        const made = (Array.isArray(boardLabels) ? boardLabels : []).find((label) => label.name === spelling);
        labels.push({ name: spelling, colour: made?.colour ?? 'grey' });
        labels.sort((a, b) => byCodePoint(a.name, b.name));
      }
      next.labels = labels;
      break;
    }
    case 'unlabel': next.labels = list('labels').filter((label) => folded(label.name) !== folded(args.label)); break;
    case 'markDue': next.dueDone = Boolean(args.done); break;
    case 'addComment': {
      const comments = list('comments');
      if (args.comment != null && at(comments, args.comment) >= 0) return data;
      comments.push({ id: args.comment, author: actor, text: String(args.text), at: new Date(createdAt ?? Date.now()).toISOString(), pending: true });
      next.comments = comments;
      break;
    }
    case 'editComment': {
      const comments = list('comments');
      const index = at(comments, args.comment);
      if (index < 0) return data;
      comments[index] = { ...comments[index], text: String(args.text), edited: new Date(createdAt ?? Date.now()).toISOString(), pending: true };
      next.comments = comments;
      break;
    }
    case 'deleteComment': next.comments = list('comments').filter((comment) => comment.id !== args.comment); break;
    case 'addChecklistItem': {
      const items = list('checklist');
      if (args.item != null && at(items, args.item) >= 0) return data;
      const position = Number.isInteger(args.at) ? Math.min(Math.max(0, args.at), items.length) : items.length;
      items.splice(position, 0, { id: args.item, checklist: String(args.checklist ?? 'Checklist'), text: String(args.text), done: false, pending: true });
      next.checklist = items;
      break;
    }
    case 'renameChecklistItem':
    case 'checkChecklistItem': {
      const items = list('checklist');
      const index = at(items, args.item);
      if (index < 0) return data;
      items[index] = name === 'renameChecklistItem'
        ? { ...items[index], text: String(args.text), pending: true }
        : { ...items[index], done: Boolean(args.done), pending: true };
      next.checklist = items;
      break;
    }
    case 'removeChecklistItem': next.checklist = list('checklist').filter((item) => item.id !== args.item); break;
    case 'moveChecklistItem': {
      const items = list('checklist');
      const from = at(items, args.item);
      if (from < 0 || !Number.isInteger(args.at) || args.at < 0 || args.at >= items.length) return data;
      const [item] = items.splice(from, 1);
      items.splice(args.at, 0, item);
      next.checklist = items;
      break;
    }
    case 'attachLink': {
      const links = list('links');
      if (args.link != null && at(links, args.link) >= 0) return data;
      links.push({ id: args.link, url: String(args.url), name: String(args.name || args.url), pending: true });
      next.links = links;
      break;
    }
    case 'removeLink': next.links = list('links').filter((link) => link.id !== args.link); break;
    default: return data;
  }
  return next;
}
