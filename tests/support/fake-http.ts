import http from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  /** Date.now() on arrival (tests check that retries are spaced). */
  at: number;
}

/**
 * One scripted answer: an error status (with headers such as Retry-After), "hang" — the request is read and
 * never answered, as when a provider stalls past the client's timeout — or "pass", a normal answer.
 */
export type Fault = { status: number; headers?: Record<string, string>; message?: string } | "hang" | "pass";

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  /** The next `count` requests answer `status` (a provider outage); Infinity for "until reset". */
  failNext(count: number, status?: number): void;
  /** The next requests get these answers, one each, in order; then normal service resumes. */
  script(...faults: Fault[]): void;
  reset(): void;
  close(): Promise<void>;
}

export type Handler = (
  req: RecordedRequest,
  url: URL,
) => { status?: number; type?: string; headers?: Record<string, string>; body: unknown };

/** A loopback HTTP server speaking a provider's real wire format (no mocks of our own code). */
export async function startFakeServer(handle: Handler): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  let failures = 0;
  let failStatus = 500;
  const scripted: Fault[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {}
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const recorded = { method: req.method ?? "GET", path: url.pathname, headers: req.headers, body, at: Date.now() };
      requests.push(recorded);
      const fault = scripted.shift();
      if (fault === "hang") return; // close() drops the connection
      if (fault && fault !== "pass") {
        const message = fault.message ?? (fault.status === 429 ? "Rate limit reached" : "fake provider outage");
        const type = fault.status === 429 ? "rate_limit_exceeded" : "server_error";
        res.writeHead(fault.status, { "content-type": "application/json", ...fault.headers });
        res.end(JSON.stringify({ error: { message, type } }));
        return;
      }
      if (failures > 0) {
        failures--;
        res.writeHead(failStatus, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "fake provider outage", type: "server_error" } }));
        return;
      }
      try {
        const out = handle(recorded, url);
        const type = out.type ?? "application/json";
        res.writeHead(out.status ?? 200, { "content-type": type, ...out.headers });
        res.end(type === "application/json" ? JSON.stringify(out.body) : String(out.body));
      } catch (err) {
        res.writeHead(500, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: (err as Error).message } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(count, status = 500) {
      failures = count;
      failStatus = status;
    },
    script(...faults) {
      scripted.push(...faults);
    },
    reset() {
      failures = 0;
      scripted.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
