import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The stored pages Next read to answer one request, as the cache handler returned them: the server's page fast
 * path (scripts/page-fast-path.ts) keeps a hit's answer only when it knows which stored entry it was, so that
 * it can ask the store later whether that entry still stands. On globalThis: Next loads the cache handler
 * itself, and the server imports this module through another loader, so there may be two copies of it.
 */
globalThis.__riesgosPageReads ??= new AsyncLocalStorage();
/** @type {AsyncLocalStorage<PageRead[]>} */
const reads = globalThis.__riesgosPageReads;

/**
 * @typedef {{
 *   store: { holds(key: string, lastModified: number, tags: string[]): Promise<boolean> };
 *   key: string;
 *   lastModified: number;
 *   cacheControl: { revalidate?: number | false; expire?: number } | undefined;
 *   tags: string[];
 * }} PageRead
 */

/**
 * Runs `handle` (Next answering one request) and returns the list the stored pages it reads are added to, as
 * they are read (the list fills while the answer is under way).
 * @param {() => void} handle
 * @returns {PageRead[]}
 */
export function notingPageReads(handle) {
  /** @type {PageRead[]} */
  const list = [];
  reads.run(list, handle);
  return list;
}

/** Called by the cache handler with each stored page it returns. @param {PageRead} read */
export function notePageRead(read) {
  reads.getStore()?.push(read);
}
