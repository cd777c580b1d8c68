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

/**
 * Where StaticMarkup's content goes (static-markup.tsx). In the HTML render, the content its server component
 * held; in the browser, an element React hydrates without reading or replacing its children (an element whose
 * inner HTML React sets is never diffed during hydration). Mounted anew by a client navigation, it has no
 * content to show: the page is then loaded as a document.
 */
export function StaticSlot({ contentId, as: Tag, ...attributes }: StaticSlotProps) {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (ref.current && !ref.current.hasChildNodes()) window.location.reload();
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
