// Plain JS (with JSDoc types) because next.config.mjs loads it before any TypeScript compilation.

/** Headers every response carries (next.config.mjs `headers()`); the CSP itself is set per request. */
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

/**
 * The pages' Content-Security-Policy: scripts only with this request's nonce ('strict-dynamic' lets Next's
 * nonce'd loader pull its chunks), no eval outside development. Styles allow inline attributes because
 * React, Radix and sonner set style="" on elements; style injection cannot run code.
 * @param {{ nonce: string, dev?: boolean, https?: boolean }} opts
 */
export function pageCsp({ nonce, dev = false, https = false }) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
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
