// Plain JS (with JSDoc types): next.config.mjs and the page cache handler load it without compiling TypeScript.
import { createHash } from "node:crypto";

/**
 * Headers every response carries (next.config.mjs `headers()`). The CSP is not among them: a page's is the
 * hash policy stored with it in Next's cache, the proxy's nonce policy, or else the frame policy of
 * pageFrameCspRules; the API's is the proxy's API_CSP.
 */
export function staticSecurityHeaders(production) {
  const headers = [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    // Legacy twin of CSP frame-ancestors 'self': the admin's newsletter preview frame is same-origin.
    { key: "X-Frame-Options", value: "SAMEORIGIN" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=(), usb=()" },
    { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  ];
  // Browsers ignore HSTS received over plain HTTP, so production can always send it.
  if (production) headers.push({ key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" });
  return headers;
}

/** Every directive of the pages' policy except script-src, which says how scripts are trusted. */
function pageDirectives(scriptSrc, { dev = false, https = false }) {
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}${dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? " ws: wss:" : ""}`,
    "frame-src 'self' blob:",
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/**
 * The pages' Content-Security-Policy: scripts only with this request's nonce ('strict-dynamic' lets Next's
 * nonce'd loader pull its chunks), no eval outside development. Styles allow inline attributes because
 * React, Radix and sonner set style="" on elements; style injection cannot run code.
 * @param {{ nonce: string, dev?: boolean, https?: boolean }} opts
 */
export function pageCsp({ nonce, dev = false, https = false }) {
  return pageDirectives(`'self' 'nonce-${nonce}' 'strict-dynamic'`, { dev, https });
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
/** A <script> whose type makes it data (JSON-LD), which browsers never run and CSP does not judge. */
const DATA_TYPE = /\btype\s*=\s*["']?(?!module\b|text\/javascript\b|application\/javascript\b)[\w+/.-]+/i;

/**
 * The CSP hash sources ('sha256-…') of the inline scripts in a page's HTML, in order, each once: the exact
 * text between <script> and </script>, as the browser hashes it. External scripts (src) and data blocks
 * (type="application/ld+json") are not inline scripts.
 * @param {string} html
 */
export function inlineScriptHashes(html) {
  const hashes = new Set();
  for (const [, attributes, body] of html.matchAll(SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_TYPE.test(attributes)) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/**
 * The policy of a page served from Next's cache, computed once when the page is stored (page-cache-handler.mjs):
 * the same HTML goes to every reader, so a nonce would be public.
 * Inline scripts run only if their hash is listed, so an injected one (whatever it says) does not; external
 * scripts only from this origin ('self': Next's chunks, which carry SRI integrity attributes). No
 * 'strict-dynamic': it would drop 'self', and Next's runtime-loaded chunks would then need hashes too.
 * @param {string} html
 * @param {{ https?: boolean }} opts
 */
export function cachedPageCsp(html, { https = false }) {
  return pageDirectives(["'self'", ...inlineScriptHashes(html)].join(" "), { https });
}

/**
 * The proxy's policy on a page served from Next's cache: every directive of the page policy, with scripts
 * left to the hash policy stored with the page (cachedPageCsp), which the browser enforces as well. Alone
 * (a page Next did not store) it still confines scripts to this origin and inline ones.
 * @param {{ dev?: boolean, https?: boolean }} opts
 */
export function cachedPageFrameCsp({ dev = false, https = false }) {
  return pageDirectives("'self' 'unsafe-inline'", { dev, https });
}

/**
 * next.config `headers()` rules giving every page (`sources`) the frame policy above, with
 * upgrade-insecure-requests when the request came over HTTPS (X-Forwarded-Proto): the one policy of a page
 * that is neither stored in Next's cache (which sends its hash policy) nor seen by the proxy (its nonce).
 * @param {string[]} sources
 * @param {{ dev?: boolean }} opts
 */
export function pageFrameCspRules(sources, { dev = false }) {
  const csp = (https) => [{ key: "Content-Security-Policy", value: cachedPageFrameCsp({ dev, https }) }];
  const overHttps = [
    { type: /** @type {const} */ ("header"), key: "x-forwarded-proto", value: "\\s*https\\s*(?:,.*)?" },
  ];
  return sources.flatMap((source) => [
    { source, headers: csp(false) },
    { source, has: overHttps, headers: csp(true) },
  ]);
}

/**
 * API responses are data, or HTML shown in the admin's preview frame (a newsletter): never scripts there,
 * images and inline styles only, embeddable by our own pages alone.
 */
export const API_CSP =
  "default-src 'none'; img-src 'self' data: https:; style-src 'unsafe-inline'; font-src 'self' data: https:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/**
 * /api/docs (Swagger UI): its own scripts and styles from 'self' only (no inline script), style attributes
 * (React sets them), data: icons, and fetches of /api/openapi.json and "try it out" calls to this origin.
 */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";
