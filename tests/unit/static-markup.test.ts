import { createElement, Fragment, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { holdStaticContent, takeStaticContent } from "~/ui/static-markup/handoff.ts";
import { hostTree } from "~/ui/static-markup/host-tree.ts";

/** A client component as a server module sees it: a reference the server must never call. */
function clientReference(name: string) {
  const reference = () => {
    throw new Error(`${name} was called on the server`);
  };
  Object.defineProperty(reference, "name", { value: name });
  return Object.assign(reference, { $$typeof: Symbol.for("react.client.reference") });
}

const Link = ({ href, children }: { href: string; children?: ReactNode }) => createElement("a", { href }, children);
const Column = ({ title, children }: { title: string; children?: ReactNode }) =>
  createElement(Fragment, null, createElement("h2", null, title), createElement("ul", null, children));

describe("static markup: a server tree down to HTML elements", () => {
  it("calls server components in place and keeps elements, keys, attributes and inner HTML", () => {
    const tree = hostTree(
      createElement(
        Column,
        { title: "Información" },
        ["/metodologia", "/publicidad"].map((href) =>
          createElement("li", { key: href }, createElement(Link, { href }, href.slice(1))),
        ),
        // biome-ignore lint/security/noDangerouslySetInnerHtml: a fixed string, as a sanitised body would be
        createElement("li", { key: "body", dangerouslySetInnerHTML: { __html: "<b>x</b>" } }),
      ),
    );
    const walk = (node: ReactNode): string[] =>
      Array.isArray(node)
        ? node.flatMap(walk)
        : node && typeof node === "object" && "type" in node
          ? [String(node.type), ...walk((node.props as { children?: ReactNode }).children)]
          : [];
    // Only HTML elements are left: no function component for the HTML render to call.
    expect(walk(tree)).toEqual(["h2", "ul", "li", "a", "li", "a", "li"]);
    expect(renderToStaticMarkup(createElement("div", null, tree))).toBe(
      '<div><h2>Información</h2><ul><li><a href="/metodologia">metodologia</a></li>' +
        '<li><a href="/publicidad">publicidad</a></li><li><b>x</b></li></ul></div>',
    );
  });

  it("refuses a client component: its markup would never be hydrated", () => {
    const NewsletterForm = clientReference("NewsletterForm");
    expect(() => hostTree(createElement("div", null, createElement(NewsletterForm)))).toThrow(
      "static markup cannot hold a client component (NewsletterForm)",
    );
  });

  it("refuses what is not an element, text or a server component (a context provider, a memo)", () => {
    const memo = { $$typeof: Symbol.for("react.memo"), type: Link, compare: null };
    expect(() => hostTree(createElement(memo as never, { href: "/" }))).toThrow(/HTML elements, fragments/);
  });
});

describe("static markup: the handoff between the two renders", () => {
  it("gives each held content once, under its own id", () => {
    const a = holdStaticContent({ html: "<p>a</p>" });
    const b = holdStaticContent({ html: "<p>b</p>" });
    expect(a).not.toBe(b);
    expect(takeStaticContent(b)).toEqual({ html: "<p>b</p>" });
    expect(takeStaticContent(a)).toEqual({ html: "<p>a</p>" });
    // A second HTML render of the same slot finds nothing (the slot then throws instead of rendering it empty).
    expect(takeStaticContent(a)).toBeUndefined();
  });

  it("shares its store through the global object, as the payload's and the HTML's module copies must", async () => {
    const id = holdStaticContent({ html: "<p>shared</p>" });
    // A second copy of the module, as the HTML render's layer loads it.
    vi.resetModules();
    const copy = await import("~/ui/static-markup/handoff.ts");
    expect(copy.holdStaticContent).not.toBe(holdStaticContent);
    expect(copy.takeStaticContent(id)).toEqual({ html: "<p>shared</p>" });
  });
});

describe("static markup: what the store keeps", () => {
  it("drops content no HTML render took: after 30 s, and the oldest beyond 2,000 entries", () => {
    vi.useFakeTimers();
    try {
      const old = holdStaticContent({ html: "<p>old</p>" });
      vi.advanceTimersByTime(31_000);
      holdStaticContent({ html: "<p>new</p>" });
      expect(takeStaticContent(old)).toBeUndefined();
      const first = holdStaticContent({ html: "<p>first</p>" });
      const ids = Array.from({ length: 2_000 }, (_, i) => holdStaticContent({ html: `<p>${i}</p>` }));
      expect(takeStaticContent(first)).toBeUndefined();
      expect(takeStaticContent(ids[1_999]!)).toEqual({ html: "<p>1999</p>" });
    } finally {
      vi.useRealTimers();
    }
  });
});
