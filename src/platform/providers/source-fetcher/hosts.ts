/** A URL's host as the allow-list and the extra-hosts setting compare it: lower case, no trailing dot. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/\.$/, "");
}

function defaultPort(url: URL): string {
  return url.port || (url.protocol === "https:" ? "443" : "80");
}

/**
 * True when the operator named this URL's host in the extra hosts (`host` matches any port, `host:port` that
 * port only). Those hosts skip the allow-list and the private-address rule: fixtures and staging only.
 */
export function isExtraHost(url: URL, extraHosts: readonly string[]): boolean {
  const host = url.hostname.toLowerCase();
  const hostPort = `${host}:${defaultPort(url)}`;
  return extraHosts.some((entry) => {
    const e = entry.trim().toLowerCase();
    return e === host || e === hostPort || e === hostOf(url);
  });
}
