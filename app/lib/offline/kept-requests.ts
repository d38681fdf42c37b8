/**
 * A public form's request that could not be sent, kept on the visitor's own device until it is
 * (docs/decisions/022-offline.md): IndexedDB, one record per form, with the form's token, so that
 * however often it is sent (the page on `online`, the next visit, another tab, the service
 * worker's Background Sync) the server stores it once. Removed once sent, when discarded, and
 * after 7 days. Loaded by the form pages only when a send fails or the mark says something is kept
 * (kept-flag.ts); the service worker uses it too.
 */
import { markKeptRequests } from './kept-flag'

/** How long a request is kept: after that it is removed, and the visitor told so. */
export const KEEP_DAYS = 7
const KEEP_MS = KEEP_DAYS * 24 * 60 * 60 * 1000

const DB_NAME = 'kept-requests'
const STORE = 'requests'

/** The Background Sync tag the page registers and the worker answers. */
export const SYNC_TAG = 'kept-requests'

export interface KeptRequest {
  /** Which form (its kind): one kept request per form. */
  form: string
  token: string
  /** Where it is sent: the form's page, in the language it was filled in. */
  action: string
  /** The form's fields as they were sent, token included. */
  entries: [string, string][]
  /** When it was first kept (milliseconds since 1970). */
  savedAt: number
  /**
   * The server's answer once it had one: a refusal (shown back in the form, kept until sent again
   * or discarded), or, sent by the service worker while no page was open, the success the form
   * shows at the next visit before the record is removed. Absent while waiting to be sent.
   */
  answer?: unknown
}

export function isExpired(request: KeptRequest, now = Date.now()): boolean {
  return now - request.savedAt >= KEEP_MS
}

/** The request's fields as a form's data, to send. */
export function keptFormData(request: KeptRequest): FormData {
  const data = new FormData()
  for (const [name, value] of request.entries) data.append(name, value)
  return data
}

/** A form's data as the record keeps it (text fields only: the public forms have no files). */
export function formEntries(data: FormData): [string, string][] {
  const entries: [string, string][] = []
  data.forEach((value, name) => {
    if (typeof value === 'string') entries.push([name, value])
  })
  return entries
}

let opened: Promise<IDBDatabase> | undefined

function database(): Promise<IDBDatabase> {
  opened ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1)
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'form' })
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'))
  }).catch((error: unknown) => {
    opened = undefined
    throw error
  })
  return opened
}

/** Runs `work` in one transaction of the store; resolves with its result once the transaction is done. */
async function transaction<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const db = await database()
  return new Promise<T | undefined>((resolve, reject) => {
    const tx = db.transaction(STORE, mode)
    const request = work(tx.objectStore(STORE))
    tx.oncomplete = () => resolve(request?.result)
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'))
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'))
  })
}

/** Every kept request. */
export async function allKept(): Promise<KeptRequest[]> {
  return (await transaction<KeptRequest[]>('readonly', (store) => store.getAll() as IDBRequest<KeptRequest[]>)) ?? []
}

/** The request kept for a form, if any (expired ones too: the form says they were removed). */
export async function keptFor(form: string): Promise<KeptRequest | undefined> {
  return transaction<KeptRequest | undefined>('readonly', (store) => store.get(form) as IDBRequest<KeptRequest | undefined>)
}

/**
 * Keeps (or updates) a form's request. The same token keeps its first time, so the 7 days count
 * from the first failed send.
 */
export async function keep(request: Omit<KeptRequest, 'savedAt'> & { savedAt?: number }): Promise<KeptRequest> {
  const before = await keptFor(request.form)
  const savedAt = before && before.token === request.token ? before.savedAt : (request.savedAt ?? Date.now())
  const record: KeptRequest = { ...request, savedAt }
  await transaction('readwrite', (store) => store.put(record))
  if (typeof localStorage !== 'undefined') markKeptRequests(true)
  return record
}

/**
 * Updates a record only if it is still the one sent (same token and fields): a page or another
 * tab may have removed or changed it meanwhile.
 */
export async function updateIfUnchanged(sent: KeptRequest, next: KeptRequest | null): Promise<void> {
  const db = await database()
  await new Promise<void>((resolve, reject) => {
    const tx = db.transaction(STORE, 'readwrite')
    const store = tx.objectStore(STORE)
    const read = store.get(sent.form)
    read.onsuccess = () => {
      const now = read.result as KeptRequest | undefined
      if (!now || now.token !== sent.token || JSON.stringify(now.entries) !== JSON.stringify(sent.entries)) return
      if (next) store.put(next)
      else store.delete(sent.form)
    }
    tx.oncomplete = () => resolve()
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'))
  })
}

/** Removes a form's kept request (sent, discarded or expired). */
export async function remove(form: string): Promise<void> {
  await transaction('readwrite', (store) => store.delete(form))
  if (typeof localStorage !== 'undefined') markKeptRequests((await allKept()).length > 0)
}

/** Removes the requests older than 7 days; returns them (their forms say so). */
export async function removeExpired(now = Date.now()): Promise<KeptRequest[]> {
  const expired = (await allKept()).filter((request) => isExpired(request, now))
  for (const request of expired) await remove(request.form)
  return expired
}

/** What a form finds kept for it when it opens (the record is removed when sent or expired). */
export type KeptFound = { state: 'answered'; answer: unknown } | { state: 'expired' | 'refused' | 'waiting'; record: KeptRequest } | null

/**
 * The request kept for a form, as the form shows it: its success sent by the worker while no page
 * was open (shown once, then removed), expired (removed), refused (with the server's answer), or
 * waiting to be sent.
 */
export async function findKept(form: string, isSuccess: (answer: unknown) => boolean): Promise<KeptFound> {
  const record = await keptFor(form)
  if (!record) return null
  if (record.answer !== undefined && isSuccess(record.answer)) {
    await remove(form)
    return { state: 'answered', answer: record.answer }
  }
  if (isExpired(record)) {
    await remove(form)
    return { state: 'expired', record }
  }
  return { state: record.answer === undefined ? 'waiting' : 'refused', record }
}

/**
 * Keeps a form's request that could not be sent, and asks the service worker to send it when the
 * connection returns (Background Sync, where the browser has it).
 */
export async function keepForm(form: string, data: FormData, action: string, answer?: unknown): Promise<KeptRequest> {
  const record = await keep({ form, token: String(data.get('token') ?? ''), action, entries: formEntries(data), answer })
  if (answer === undefined) void requestBackgroundSync()
  return record
}

async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as
      (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined
    await registration?.sync?.register(SYNC_TAG)
  } catch {
    // No Background Sync: the form sends it on `online` or at its next visit.
  }
}

/**
 * While a form shows a kept request: `online` when the connection returns, `answered` when the
 * service worker has sent it (Background Sync) and kept its answer. Returns the way to stop.
 */
export function watch(form: string, online: () => void, answered: () => void): () => void {
  const workers = navigator.serviceWorker
  const message = (event: MessageEvent) => {
    if ((event.data as { keptRequest?: unknown } | null)?.keptRequest === form) answered()
  }
  addEventListener('online', online)
  workers?.addEventListener('message', message)
  return () => {
    removeEventListener('online', online)
    workers?.removeEventListener('message', message)
  }
}
