// The outbox: every change the page makes to cards, kept in IndexedDB until the server has
// decided it (`POST /api/sync/push`) and a board the page loaded shows it. A change is written
// here before it shows, so a page closed, reloaded or cut off from the server loses nothing.
//
// Each change is a *mutation* `{clientID, id, uid, name, args, since?, actor, createdAt, sent,
// status, local, …}`. `uid` is the record's own name, which never changes; `id` is its number
// for the server, 1, 2, 3… per `clientID`, in the order they are sent (lowest first). `sent`
// turns true before the first request that carries it (`sentBy`, `sentAt`: which tab, when): from
// then on the server may have it, so it can no longer be taken back locally. `local` holds what
// only the page needs (the card's title, for saying what the change was).
//
// `status` is 'pending' until the server decides it. A decided mutation leaves the numbered keys
// (`id` becomes `decided:UID`, its number kept as `number`), so renumbering the pending ones can
// never write over it: 'applied' ones (with the push's `lastSequence` as `sequence`) stay until a
// board at that sequence or later is loaded; 'refused' ones (with `error`, `conflict`, and
// `notDecided` when the server could not take it at all) until the user discards them.

const DB_NAME = 'kanban';
const DB_VERSION = 1;
const MUTATIONS = 'mutations';
const CLIENTS = 'clients';

/** A random name for a record (crypto.randomUUID needs a secure context; the fallback does not). */
export function newUID() {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Whether `record` sits under a mutation number (pending), not under its `decided:` key. */
export const isNumbered = (record) => typeof record.id === 'number';

/** The number a record has or had for the server. */
const numberOf = (record) => (isNumbered(record) ? record.id : Number(record.number ?? 0));

/** Orders mutations as the server decides them: per client, by number (decided ones keep theirs). */
export const byNumber = (a, b) => (a.clientID < b.clientID ? -1 : a.clientID > b.clientID ? 1 : 0)
  || (numberOf(a) - numberOf(b)) || (a.createdAt - b.createdAt);

/** A record another tab marked sent less than this long ago is taken to be in its push. */
const OTHER_TAB_SEND_MS = 60_000;

/** Whether another tab may be sending `record` right now (possible only without navigator.locks). */
const sentElsewhere = (record, tabID) => record.sent && record.sentBy != null && record.sentBy !== tabID
  && Date.now() - Number(record.sentAt ?? 0) < OTHER_TAB_SEND_MS;

/** Thrown inside a transaction to abort it: what it read is not what the caller saw. */
class Stale extends Error {}

/** The promise of one IndexedDB request. */
function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** One IndexedDB transaction as the outbox uses it. `add` fails on a key in use (never overwrites). */
class StoredTransaction {
  constructor(transaction) {
    this.mutations = transaction.objectStore(MUTATIONS);
    this.clients = transaction.objectStore(CLIENTS);
  }

  mutation(clientID, id) { return done(this.mutations.get([clientID, id])); }
  allMutations() { return done(this.mutations.getAll()); }
  /** `clientID`'s numbered records from number `from` on, lowest first. */
  numbered(clientID, from = 0) { return done(this.mutations.getAll(IDBKeyRange.bound([clientID, from], [clientID, Infinity]))); }
  add(record) { return done(this.mutations.add(record)); }
  put(record) { return done(this.mutations.put(record)); }
  delete(clientID, id) { return done(this.mutations.delete([clientID, id])); }
  client(clientID) { return done(this.clients.get(clientID)); }
  putClient(client) { return done(this.clients.put(client)); }
}

/** The same operations over maps, for a browser without IndexedDB (changes last this visit only). */
class MemoryTransaction {
  constructor(memory) { this.memory = memory; }
  static key(clientID, id) { return JSON.stringify([clientID, id]); }
  copy(value) { return value === undefined ? undefined : structuredClone(value); }

  async mutation(clientID, id) { return this.copy(this.memory.mutations.get(MemoryTransaction.key(clientID, id))); }
  async allMutations() { return [...this.memory.mutations.values()].map((record) => this.copy(record)); }
  async numbered(clientID, from = 0) {
    return [...this.memory.mutations.values()]
      .filter((record) => record.clientID === clientID && isNumbered(record) && record.id >= from)
      .sort((a, b) => a.id - b.id).map((record) => this.copy(record));
  }
  async add(record) {
    const key = MemoryTransaction.key(record.clientID, record.id);
    if (this.memory.mutations.has(key)) throw new Error(`the outbox already has ${key}`);
    this.memory.mutations.set(key, this.copy(record));
  }
  async put(record) { this.memory.mutations.set(MemoryTransaction.key(record.clientID, record.id), this.copy(record)); }
  async delete(clientID, id) { this.memory.mutations.delete(MemoryTransaction.key(clientID, id)); }
  async client(clientID) { return this.copy(this.memory.clients.get(clientID)); }
  async putClient(client) { this.memory.clients.set(client.clientID, this.copy(client)); }
}

/** The outbox, over IndexedDB (shared by every tab of the browser profile) or memory. Every
 * method is one transaction: all of it happens or none. */
class Outbox {
  constructor(db) {
    this.db = db;
    this.persistent = Boolean(db);
    this.memory = db ? null : { mutations: new Map(), clients: new Map() };
    this.memoryQueue = Promise.resolve();
  }

  /** Runs `work(transaction)` in one transaction; resolves to its result once committed. A
   * thrown error aborts it (nothing written). */
  run(mode, work) {
    if (!this.db) {
      // One at a time, and undone on an error, as IndexedDB would.
      const turn = this.memoryQueue.then(async () => {
        const saved = { mutations: new Map(this.memory.mutations), clients: new Map(this.memory.clients) };
        try {
          return await work(new MemoryTransaction(this.memory));
        } catch (error) {
          Object.assign(this.memory, saved);
          throw error;
        }
      });
      this.memoryQueue = turn.catch(() => {});
      return turn;
    }
    return new Promise((resolve, reject) => {
      const transaction = this.db.transaction([MUTATIONS, CLIENTS], mode);
      let result;
      let failure = null;
      Promise.resolve()
        .then(() => work(new StoredTransaction(transaction)))
        .then((value) => { result = value; }, (error) => {
          failure = error;
          try { transaction.abort(); } catch { /* already finished */ }
        });
      transaction.oncomplete = () => resolve(result);
      transaction.onerror = () => reject(failure ?? transaction.error);
      transaction.onabort = () => reject(failure ?? transaction.error ?? new Error('the outbox transaction was aborted'));
    });
  }

  /** Like `run`, but resolves to false (nothing written) when the work found the outbox changed. */
  async unlessStale(work) {
    try {
      return await this.run('readwrite', work);
    } catch (error) {
      if (error instanceof Stale) return false;
      throw error;
    }
  }

  /** Gives records kept by an older page a `uid`, and moves decided ones off the numbers. */
  async upgrade() {
    await this.run('readwrite', async (tx) => {
      for (const record of await tx.allMutations()) {
        if (record.uid && (record.status === 'pending' || !isNumbered(record))) continue;
        const uid = record.uid ?? newUID();
        if (record.status === 'pending') {
          await tx.put({ ...record, uid });
        } else {
          await tx.delete(record.clientID, record.id);
          await tx.put({ ...record, uid, id: `decided:${uid}`, number: numberOf(record) });
        }
      }
    });
  }

  /** Whether `clientID` has numbered mutations here before (so its numbering goes on). */
  async knows(clientID) {
    return this.run('readonly', async (tx) => Boolean(await tx.client(clientID)));
  }

  /** Starts numbering for a new `clientID` at 1. */
  async register(clientID) {
    await this.run('readwrite', async (tx) => {
      if (!(await tx.client(clientID))) await tx.putClient({ clientID, nextID: 1, decidedThrough: 0 });
    });
  }

  /** Every record kept, in the order the server decides them. */
  async all() {
    return (await this.run('readonly', (tx) => tx.allMutations())).sort(byNumber);
  }

  /** Numbers `fields` as `clientID`'s next mutation and keeps it, in one transaction (so tabs
   * sharing the client never take the same number): after every number in use and every number
   * the server has decided. Resolves to the record kept. */
  async add(clientID, fields) {
    return this.run('readwrite', async (tx) => {
      const client = (await tx.client(clientID)) ?? { clientID, nextID: 1, decidedThrough: 0 };
      const numbered = await tx.numbered(clientID);
      const highest = numbered.length > 0 ? numbered[numbered.length - 1].id : 0;
      const id = Math.max(Number(client.nextID) || 1, highest + 1, (Number(client.decidedThrough) || 0) + 1);
      const record = { ...fields, clientID, id, uid: fields.uid ?? newUID() };
      await tx.add(record);
      await tx.putClient({ ...client, nextID: id + 1 });
      return record;
    });
  }

  /**
   * Marks `records` sent by tab `tabID`, all or none: each must still be the same record (`uid`)
   * under the same number, and pending. Resolves to false, writing nothing, when one is not
   * (Undo took it back, another tab renumbered or decided it meanwhile): read the outbox again.
   */
  async markSent(records, tabID) {
    const sentAt = Date.now();
    return this.unlessStale(async (tx) => {
      for (const record of records) {
        const kept = await tx.mutation(record.clientID, record.id);
        if (!kept || kept.uid !== record.uid || kept.status !== 'pending') throw new Stale();
        await tx.put({ ...kept, sent: true, sentBy: tabID, sentAt });
      }
      return true;
    });
  }

  /**
   * Records the server's decisions, `[{record, status: 'applied'|'refused', sequence?, error?,
   * conflict?, keep}]`: each leaves its number (kept under `decided:UID` when `keep`). One whose
   * number holds another record now (decided by another tab already) is left alone.
   * `decidedThrough` is the client's last mutation the server has decided.
   */
  async settle(clientID, decisions, decidedThrough) {
    await this.run('readwrite', async (tx) => {
      for (const { record, keep, ...decision } of decisions) {
        const kept = await tx.mutation(record.clientID, record.id);
        if (!kept || kept.uid !== record.uid) continue;
        await tx.delete(kept.clientID, kept.id);
        if (keep) await tx.put({ ...kept, ...decision, sent: true, id: `decided:${kept.uid}`, number: kept.id });
      }
      const client = await tx.client(clientID);
      if (client && Number.isSafeInteger(decidedThrough) && decidedThrough > (Number(client.decidedThrough) || 0)) {
        await tx.putClient({ ...client, decidedThrough });
      }
    });
  }

  /** Forgets `records` (applied and shown by a board, or discarded by the user): each where it is
   * kept now, and only while it is the same record. */
  async remove(records) {
    if (records.length === 0) return;
    await this.run('readwrite', async (tx) => {
      for (const record of records) {
        for (const id of new Set([record.id, `decided:${record.uid}`])) {
          const kept = await tx.mutation(record.clientID, id);
          if (kept && kept.uid === record.uid) await tx.delete(record.clientID, id);
        }
      }
    });
  }

  /**
   * Takes `record` off the numbers and numbers the client's later pending mutations one lower,
   * so the numbers the server sees stay gapless. Used when the server never decided it: Undo of a
   * change not sent (`refusal` null: it is dropped), or a push the server could not take at all
   * (`refusal`: it is kept as refused, `notDecided`). Resolves to false, changing nothing, when
   * the record changed meanwhile, or (without `evenSent`) it or a later one was sent, or another
   * tab may be sending a later one.
   */
  async takeOut(record, { refusal = null, evenSent = false, tabID = null } = {}) {
    return this.unlessStale(async (tx) => {
      const kept = await tx.mutation(record.clientID, record.id);
      if (!kept || kept.uid !== record.uid || kept.status !== 'pending') return false;
      const later = (await tx.numbered(record.clientID, record.id + 1));
      if (!evenSent && (kept.sent || later.some((other) => other.sent))) return false;
      if (later.some((other) => sentElsewhere(other, tabID))) return false;
      await tx.delete(kept.clientID, kept.id);
      if (refusal) {
        await tx.put({ ...kept, status: 'refused', notDecided: true, error: refusal.error, conflict: false, id: `decided:${kept.uid}`, number: kept.id });
      }
      for (const other of later) await tx.delete(other.clientID, other.id);
      for (const other of later) await tx.add({ ...other, id: other.id - 1, sent: false });
      const client = await tx.client(record.clientID);
      if (client) await tx.putClient({ ...client, nextID: Math.max(1, Number(client.nextID) - 1) });
      return true;
    });
  }

  /**
   * Numbers `clientID`'s pending mutations from `first` on (the server's next number, after it
   * answered that one is missing), keeping their order. Never writes over another record (it
   * fails instead). Resolves to false, changing nothing, when another tab may be sending one of
   * them (possible only without navigator.locks).
   */
  async renumber(clientID, first, tabID) {
    return this.unlessStale(async (tx) => {
      const undecided = await tx.numbered(clientID, first);
      if (undecided.some((record) => sentElsewhere(record, tabID))) return false;
      for (const record of undecided) await tx.delete(clientID, record.id);
      let next = first;
      for (const record of undecided) await tx.add({ ...record, id: next++, sent: false });
      const client = (await tx.client(clientID)) ?? { clientID, nextID: 1, decidedThrough: 0 };
      await tx.putClient({ ...client, nextID: next });
      return true;
    });
  }
  /**
   * Moves `fromClientID`'s undecided mutations to the new client `toClientID`, numbered from 1 in
   * their order: the server answered that `fromClientID` is not this profile's alone (a copied
   * profile numbered its own changes the same, or it is another person's). Resolves to false,
   * changing nothing, when another tab may be sending one of them.
   */
  async moveToClient(fromClientID, toClientID, tabID) {
    return this.unlessStale(async (tx) => {
      const undecided = await tx.numbered(fromClientID);
      if (undecided.some((record) => sentElsewhere(record, tabID))) return false;
      for (const record of undecided) await tx.delete(fromClientID, record.id);
      let next = 1;
      for (const record of undecided) await tx.add({ ...record, clientID: toClientID, id: next++, sent: false });
      await tx.putClient({ clientID: toClientID, nextID: next, decidedThrough: 0 });
      return true;
    });
  }
}

/** Opens the outbox: IndexedDB when the browser has it, else one in memory. */
export async function openOutbox() {
  if (typeof indexedDB === 'undefined') return new Outbox(null);
  let db;
  try {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const opened = request.result;
      if (!opened.objectStoreNames.contains(MUTATIONS)) opened.createObjectStore(MUTATIONS, { keyPath: ['clientID', 'id'] });
      if (!opened.objectStoreNames.contains(CLIENTS)) opened.createObjectStore(CLIENTS, { keyPath: 'clientID' });
    };
    db = await done(request);
  } catch {
    return new Outbox(null);
  }
  // Another tab's newer version of the page wants to upgrade: let it.
  db.onversionchange = () => db.close();
  const outbox = new Outbox(db);
  await outbox.upgrade();
  return outbox;
}
