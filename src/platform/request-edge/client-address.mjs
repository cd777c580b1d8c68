import dc from "node:diagnostics_channel";

/**
 * The one client address the app trusts, written into X-Forwarded-For before Next.js sees the request.
 * The chain is what the client and any proxies sent plus the socket's own peer; `hops` trusted proxies
 * (TRUSTED_PROXY_HOPS) sit at its right end, so the entry just left of them is the client. With 0 hops (a
 * bare `npm start`) that is the socket peer, and whatever the client wrote is ignored.
 * Plain JavaScript: it runs as a Node preload (`--import`) in the Next.js server process.
 */
function trustedClientAddress(forwardedFor, socketAddress, hops) {
  const chain = String(forwardedFor ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (socketAddress) chain.push(socketAddress);
  const picked = chain[Math.max(0, chain.length - 1 - hops)] ?? "unknown";
  return picked.startsWith("::ffff:") ? picked.slice(7) : picked;
}

// Headers a client could use to pose as a proxy: replaced or dropped unless a trusted proxy set them.
const PROXY_HEADERS = ["x-real-ip", "x-forwarded-host", "x-forwarded-proto", "x-forwarded-port", "forwarded"];

/** Rewrites each incoming request's forwarding headers (Node's HTTP server channel fires before 'request'). */
export function installClientAddress(hops) {
  dc.subscribe("http.server.request.start", ({ request, socket }) => {
    const headers = request.headers;
    headers["x-forwarded-for"] = trustedClientAddress(headers["x-forwarded-for"], socket?.remoteAddress, hops);
    if (hops === 0) for (const name of PROXY_HEADERS) delete headers[name];
  });
}
