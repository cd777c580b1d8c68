import { marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * Markdown (editor- or agent-written) to HTML that is safe to show readers: the sanitiser keeps a small
 * editorial allow-list, so no script, no event handler and no javascript: URL survives.
 */
const ALLOWED = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "p",
    "a",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "blockquote",
    "code",
    "pre",
    "hr",
    "br",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: { a: ["href", "title", "rel", "target"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
} satisfies sanitizeHtml.IOptions;

/**
 * `resolveLink` rewrites each link's href (a feed makes the site's own relative links absolute); external
 * links, judged before that, open in a new tab without passing on the reader's referrer.
 */
export function renderMarkdown(markdown: string, opts: { resolveLink?: (href: string) => string } = {}): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: false });
  return sanitizeHtml(html, {
    ...ALLOWED,
    transformTags: {
      a: (tagName, attribs) => {
        const href = attribs.href ?? "";
        const external = /^https?:/i.test(href);
        const resolved = href && opts.resolveLink ? { ...attribs, href: opts.resolveLink(href) } : attribs;
        return {
          tagName,
          attribs: external ? { ...resolved, rel: "noopener noreferrer nofollow", target: "_blank" } : resolved,
        };
      },
      h1: "h2",
    },
  });
}

/**
 * HTML written elsewhere (a reply from the fediverse) under the same allow-list as the site's Markdown: no
 * script, no handler, no javascript: URL. Every link is the author's, so it carries `rel` (e.g. nofollow ugc).
 */
export function sanitizeForeignHtml(html: string, rel: string): string {
  return sanitizeHtml(html, {
    ...ALLOWED,
    transformTags: {
      a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel, target: "_blank" } }),
      h1: "h2",
    },
  });
}
