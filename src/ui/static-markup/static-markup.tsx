import { createElement, type HTMLAttributes, type ReactNode } from "react";
import { holdStaticContent } from "./handoff.ts";
import { hostTree } from "./host-tree.ts";
import { StaticSlot, type StaticTag } from "./static-slot.tsx";

type StaticMarkupProps = Omit<HTMLAttributes<HTMLElement>, "children" | "dangerouslySetInnerHTML"> & {
  /** The element that holds the markup (the slot's own tag and attributes stay in the payload). */
  as: StaticTag;
  type?: string;
  [data: `data-${string}`]: string | undefined;
} & ({ children: ReactNode; html?: never } | { html: string; children?: never });

/**
 * Server markup the browser keeps as delivered: it is in the page's HTML but not in its RSC payload, and React
 * does not hydrate it. The App Router otherwise sends every server-rendered element twice, as HTML and again in
 * the payload it hydrates from; static parts of a reader page (the body, its sources, the footer's links,
 * structured data) need neither the second copy nor the hydration. Only for markup without client components
 * and that no client navigation re-renders: the slot keeps what the document brought (docs/reader-cache.md).
 * `html` is trusted HTML (sanitised Markdown, escaped JSON-LD), as for dangerouslySetInnerHTML.
 */
export function StaticMarkup({ children, html, as, ...attributes }: StaticMarkupProps) {
  const content = html === undefined ? { tree: hostTree(children) } : { html };
  // Nothing to keep: the bare element (a slot found empty in the browser reloads the page).
  if ("tree" in content ? isEmpty(content.tree) : content.html === "") return createElement(as, attributes);
  return <StaticSlot contentId={holdStaticContent(content)} as={as} {...attributes} />;
}

function isEmpty(node: ReactNode): boolean {
  if (Array.isArray(node)) return node.every(isEmpty);
  return node === null || node === undefined || typeof node === "boolean" || node === "";
}
