"use client";

import { type HTMLAttributes, useEffect, useRef } from "react";
import { takeStaticContent } from "./handoff.ts";

export type StaticTag = "div" | "section" | "article" | "script";

type StaticSlotProps = Omit<HTMLAttributes<HTMLElement>, "children" | "dangerouslySetInnerHTML"> & {
  /** The held content's key (handoff.ts); not the element's `id`. */
  contentId: string;
  as: StaticTag;
  type?: string;
};

const KEEP = { __html: "" };
const RELOADED = "static-slot-reloaded";
const RELOAD_WINDOW_MS = 10_000;
let reloading = false;

/** The tab's note of its last reload: session storage, or the window's name where the reader blocks storage. */
const note = {
  read(): string | null {
    try {
      return sessionStorage.getItem(RELOADED);
    } catch {
      return window.name.startsWith(RELOADED) ? window.name.slice(RELOADED.length) : null;
    }
  },
  write(value: string) {
    try {
      sessionStorage.setItem(RELOADED, value);
    } catch {
      window.name = RELOADED + value;
    }
  },
};

type Reload = { href?: string; at?: number };

function lastReload(): Reload | null {
  try {
    return JSON.parse(note.read() ?? "null") as Reload | null;
  } catch {
    return null; // an unreadable note is no note
  }
}

/**
 * Loads the page as a document, unless this tab just did so for the same address: a slot empty again right
 * after a reload was emptied by React rendering the page anew in the browser (hydration found markup other
 * than the server's, as a translating extension leaves it), which another reload would only repeat, forever.
 */
function reloadOnce() {
  if (reloading) return; // another slot of the page asked first
  const href = window.location.href;
  const last = lastReload();
  if (last?.href === href && Date.now() - (last.at ?? 0) < RELOAD_WINDOW_MS) {
    // biome-ignore lint/suspicious/noConsole: the browser's console is where a developer looks for why it stopped
    console.error("static markup: a part of the page is empty right after a reload; not reloading again");
    return;
  }
  note.write(JSON.stringify({ href, at: Date.now() }));
  reloading = true;
  window.location.reload();
}

/**
 * Where StaticMarkup's content goes (static-markup.tsx). In the HTML render, the content its server component
 * held; in the browser, an element React hydrates without reading or replacing its children (an element whose
 * inner HTML React sets is never diffed during hydration). Mounted anew by a client navigation, it has no
 * content to show: the page is then loaded as a document (once: reloadOnce).
 */
export function StaticSlot({ contentId, as: Tag, ...attributes }: StaticSlotProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (ref.current && !ref.current.hasChildNodes()) reloadOnce();
  }, []);
  if (typeof window === "undefined") {
    const content = takeStaticContent(contentId);
    if (!content) throw new Error(`static markup ${contentId} was not rendered in this process`);
    // biome-ignore lint/security/noDangerouslySetInnerHtml: trusted HTML a server component held (StaticMarkup's `html`)
    if ("html" in content) return <Tag {...attributes} dangerouslySetInnerHTML={{ __html: content.html }} />;
    return <Tag {...attributes}>{content.tree}</Tag>;
  }
  // biome-ignore lint/security/noDangerouslySetInnerHtml: empty: the element keeps the server's markup
  return <Tag {...attributes} ref={ref as never} dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />;
}
