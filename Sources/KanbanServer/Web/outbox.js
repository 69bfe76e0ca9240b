// The outbox: every change the page makes to cards, kept in IndexedDB until the server has
// decided it (`POST /api/sync/push`). A change is written here before it shows, so a page closed,
// reloaded or cut off from the server loses nothing.
//
// Each change is a *mutation* `{clientID, id, name, args, since?, actor, createdAt, sent, status,
// error?, conflict?, local}` numbered 1, 2, 3… per `clientID`; `local` holds what only the page
// needs (the card's title, for saying what the change was). `sent` turns true before the first
// request that carries it: from then on the server may have it, so it can no longer be taken back
// locally. `status` is 'pending' until the server refuses it ('refused', with its `error`); an
// applied mutation leaves the outbox.

const DB_NAME = 'kanban';
const DB_VERSION = 1;
const MUTATIONS = 'mutations';
const CLIENTS = 'clients';

/** The promise of one IndexedDB request. */
function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Runs `work(stores)` in one transaction over `names`; resolves once it has committed. */
function inTransaction(db, names, mode, work) {
  return new Promise((resolve, reject) => {
    const transaction = db.transaction(names, mode);
    const stores = Object.fromEntries(names.map((name) => [name, transaction.objectStore(name)]));
    let result;
    Promise.resolve()
      .then(() => work(stores))
      .then((value) => { result = value; }, (error) => {
        try { transaction.abort(); } catch { /* already finished */ }
        reject(error);
      });
    transaction.oncomplete = () => resolve(result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('the outbox transaction was aborted'));
  });
}

/** Orders mutations as they were made: by creation time, then by number. */
export const byCreation = (a, b) => (a.createdAt - b.createdAt) || (a.id - b.id);

/** The outbox kept in IndexedDB, shared by every tab of the browser profile. */
class StoredOutbox {
  constructor(db) {
    this.db = db;
    this.persistent = true;
  }

  /** Whether `clientID` has numbered mutations here before (so its numbering goes on). */
  async knows(clientID) {
    return inTransaction(this.db, [CLIENTS], 'readonly', async (stores) => Boolean(await done(stores[CLIENTS].get(clientID))));
  }

  /** Starts numbering for a new `clientID` at 1. */
  async register(clientID) {
    await inTransaction(this.db, [CLIENTS], 'readwrite', async (stores) => {
      if (!(await done(stores[CLIENTS].get(clientID)))) await done(stores[CLIENTS].put({ clientID, nextID: 1 }));
    });
  }

  /** Every mutation kept, oldest first. */
  async all() {
    const records = await inTransaction(this.db, [MUTATIONS], 'readonly', (stores) => done(stores[MUTATIONS].getAll()));
    return records.sort(byCreation);
  }

  /** Numbers `fields` as `clientID`'s next mutation and keeps it, in one transaction (so tabs
   * sharing the client never take the same number). Resolves to the record kept. */
  async add(clientID, fields) {
    return inTransaction(this.db, [CLIENTS, MUTATIONS], 'readwrite', async (stores) => {
      const client = (await done(stores[CLIENTS].get(clientID))) ?? { clientID, nextID: 1 };
      const record = { ...fields, clientID, id: client.nextID };
      client.nextID += 1;
      await done(stores[CLIENTS].put(client));
      await done(stores[MUTATIONS].put(record));
      return record;
    });
  }

  /** Writes `records` back (their `sent`, `status`, `error`…). */
  async put(records) {
    if (records.length === 0) return;
    await inTransaction(this.db, [MUTATIONS], 'readwrite', async (stores) => {
      for (const record of records) await done(stores[MUTATIONS].put(record));
    });
  }

  /** Forgets `records` (decided by the server, or discarded by the user). */
  async remove(records) {
    if (records.length === 0) return;
    await inTransaction(this.db, [MUTATIONS], 'readwrite', async (stores) => {
      for (const record of records) await done(stores[MUTATIONS].delete([record.clientID, record.id]));
    });
  }

  /**
   * Takes back `record`, never sent: removes it and numbers the client's later mutations (none
   * sent either: they go out in order) one lower, so the numbers the server sees stay gapless.
   * Resolves to false, changing nothing, when it was sent meanwhile (by another tab).
   */
  async cancel(record) {
    return inTransaction(this.db, [CLIENTS, MUTATIONS], 'readwrite', async (stores) => {
      const kept = await done(stores[MUTATIONS].get([record.clientID, record.id]));
      if (!kept || kept.sent) return false;
      const range = IDBKeyRange.bound([record.clientID, record.id], [record.clientID, Infinity]);
      const later = (await done(stores[MUTATIONS].getAll(range))).filter((other) => other.id > record.id);
      if (later.some((other) => other.sent)) return false;
      await done(stores[MUTATIONS].delete([record.clientID, record.id]));
      for (const other of later) await done(stores[MUTATIONS].delete([other.clientID, other.id]));
      for (const other of later) await done(stores[MUTATIONS].put({ ...other, id: other.id - 1 }));
      const client = await done(stores[CLIENTS].get(record.clientID));
      if (client) await done(stores[CLIENTS].put({ ...client, nextID: client.nextID - 1 }));
      return true;
    });
  }

  /** Numbers `clientID`'s undecided mutations from `first` on (the server's next number, after
   * it answered that one is missing), keeping their order. */
  async renumber(clientID, first) {
    await inTransaction(this.db, [CLIENTS, MUTATIONS], 'readwrite', async (stores) => {
      const range = IDBKeyRange.bound([clientID, 0], [clientID, Infinity]);
      const undecided = (await done(stores[MUTATIONS].getAll(range))).filter((record) => record.status === 'pending' && record.id >= first);
      for (const record of undecided) await done(stores[MUTATIONS].delete([clientID, record.id]));
      let next = first;
      for (const record of undecided.sort((a, b) => a.id - b.id)) await done(stores[MUTATIONS].put({ ...record, id: next++, sent: false }));
      const client = (await done(stores[CLIENTS].get(clientID))) ?? { clientID, nextID: 1 };
      await done(stores[CLIENTS].put({ ...client, nextID: Math.max(next, first) }));
    });
  }
}

/** The same outbox in memory, for a browser without IndexedDB (changes last this visit only). */
class MemoryOutbox {
  constructor() {
    this.persistent = false;
    this.records = [];
    this.next = new Map();
  }

  async knows(clientID) { return this.next.has(clientID); }
  async register(clientID) { if (!this.next.has(clientID)) this.next.set(clientID, 1); }
  async all() { return this.records.map((record) => ({ ...record })).sort(byCreation); }

  async add(clientID, fields) {
    const id = this.next.get(clientID) ?? 1;
    this.next.set(clientID, id + 1);
    const record = { ...fields, clientID, id };
    this.records.push(record);
    return { ...record };
  }

  #index(record) {
    return this.records.findIndex((other) => other.clientID === record.clientID && other.id === record.id);
  }

  async put(records) {
    for (const record of records) {
      const index = this.#index(record);
      if (index >= 0) this.records[index] = { ...record };
      else this.records.push({ ...record });
    }
  }

  async remove(records) {
    for (const record of records) {
      const index = this.#index(record);
      if (index >= 0) this.records.splice(index, 1);
    }
  }

  async cancel(record) {
    const index = this.#index(record);
    if (index < 0 || this.records[index].sent) return false;
    const later = this.records.filter((other) => other.clientID === record.clientID && other.id > record.id);
    if (later.some((other) => other.sent)) return false;
    this.records.splice(index, 1);
    for (const other of later) other.id -= 1;
    this.next.set(record.clientID, (this.next.get(record.clientID) ?? 1) - 1);
    return true;
  }

  async renumber(clientID, first) {
    let next = first;
    const undecided = this.records.filter((record) => record.clientID === clientID && record.status === 'pending' && record.id >= first);
    for (const record of undecided.sort((a, b) => a.id - b.id)) {
      record.id = next++;
      record.sent = false;
    }
    this.next.set(clientID, Math.max(next, first));
  }
}

/** Opens the outbox: IndexedDB when the browser has it, else one in memory. */
export async function openOutbox() {
  if (typeof indexedDB === 'undefined') return new MemoryOutbox();
  try {
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      if (!db.objectStoreNames.contains(MUTATIONS)) db.createObjectStore(MUTATIONS, { keyPath: ['clientID', 'id'] });
      if (!db.objectStoreNames.contains(CLIENTS)) db.createObjectStore(CLIENTS, { keyPath: 'clientID' });
    };
    const db = await done(request);
    // Another tab's newer version of the page wants to upgrade: let it.
    db.onversionchange = () => db.close();
    return new StoredOutbox(db);
  } catch {
    return new MemoryOutbox();
  }
}
