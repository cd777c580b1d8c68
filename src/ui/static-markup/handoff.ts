import type { ReactNode } from "react";

/**
 * Markup a server component rendered, held for the HTML render of the same request. Next renders a page twice in
 * one process: its server components into the RSC payload, then that payload into HTML, each layer with its own
 * copy of every module; the process's global object is what the two share. An entry is taken once, by the HTML
 * render that reads its slot. One never taken (a render of the payload alone, for a client navigation or an
 * aborted render) is dropped after 30 s, or sooner once 2,000 are held: a flood of payload requests cannot
 * grow the store past a few tens of MB, and an HTML render takes its entries within moments of their holding.
 */
export type StaticContent = { tree: ReactNode } | { html: string };

type Entry = { content: StaticContent; at: number };
const KEY = Symbol.for("riesgos.static-markup");
const TTL_MS = 30_000;
const MAX_ENTRIES = 2_000;

function entries(): Map<string, Entry> {
  const holder = globalThis as { [KEY]?: Map<string, Entry> };
  holder[KEY] ??= new Map();
  return holder[KEY];
}

let counter = 0;
const prefix = Math.random().toString(36).slice(2, 8);

/** Holds `content` for the HTML render and returns the id its slot carries in the payload. */
export function holdStaticContent(content: StaticContent): string {
  const map = entries();
  const now = Date.now();
  // Map keeps insertion order: the oldest entries are first.
  for (const [id, entry] of map) {
    if (now - entry.at < TTL_MS && map.size < MAX_ENTRIES) break;
    map.delete(id);
  }
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `${prefix}${counter.toString(36)}`;
  map.set(id, { content, at: now });
  return id;
}

/** The content held under `id`, removed from the store; undefined when this process holds none. */
export function takeStaticContent(id: string): StaticContent | undefined {
  const map = entries();
  const entry = map.get(id);
  map.delete(id);
  return entry?.content;
}
