/**
 * Where to go after signing in: a path on this site, or "/". The value is resolved the way the browser will
 * resolve it (`new URL` drops tabs and newlines and applies "..") and kept only if it stays on `origin`;
 * leading slashes are then collapsed, so no "//host" can come out even after a locale prefix is added.
 */
export function safeCallbackUrl(value: string | null | undefined, origin: string): string {
  if (!value) return "/";
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return "/";
  }
  if (url.origin !== new URL(origin).origin) return "/";
  return `${url.pathname.replace(/^\/+/, "/")}${url.search}${url.hash}`;
}
