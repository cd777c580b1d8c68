import http from "node:http";
import type { AddressInfo } from "node:net";

export interface LoopbackServer {
  origin: string;
  /** Sets what answers the requests (the origin is known first, so what answers can be built on it). */
  serve(handler: (request: Request) => Promise<Response>): void;
  close(): Promise<void>;
}

/** A plain Node HTTP server on 127.0.0.1 handing each request, as a fetch Request, to a handler: a route's stand-in. */
export async function startLoopbackServer(): Promise<LoopbackServer> {
  let handle: (request: Request) => Promise<Response> = async () => new Response(null, { status: 503 });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const request = new Request(`${origin}${req.url}`, {
        method: req.method,
        headers,
        body: hasBody ? Buffer.concat(chunks) : undefined,
      });
      try {
        const response = await handle(request);
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      } catch (err) {
        res.writeHead(500).end(String(err));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    serve(handler) {
      handle = handler;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
