import http from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

export interface FakeImageHost {
  /** http://127.0.0.1:PORT */
  url: string;
  /** 127.0.0.1:PORT, the entry SOURCE_FETCH_EXTRA_HOSTS takes. */
  host: string;
  /** Paths requested, in order. */
  hits: string[];
  close(): Promise<void>;
}

/**
 * A loopback stand-in for the CDN an image API links to: `/ok.png` a real PNG, `/huge.png` an endless-looking
 * PNG body of `bytes` (streamed, no length), `/page.html` HTML, `/fake.png` bytes that claim image/png but do
 * not decode, `/truncated.png` a real PNG cut short, `/redirect?to=URL` a 302.
 */
export async function startFakeImageHost(): Promise<FakeImageHost> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake-image-host");
    hits.push(url.pathname);
    switch (url.pathname) {
      case "/ok.png":
        res.writeHead(200, { "content-type": "image/png" });
        return res.end(png);
      case "/huge.png": {
        const total = Number(url.searchParams.get("bytes") ?? 64 * 1024 * 1024);
        res.writeHead(200, { "content-type": "image/png" });
        const chunk = Buffer.alloc(64 * 1024, 7);
        let sent = 0;
        const pump = () => {
          while (sent < total) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          res.end();
        };
        res.on("error", () => {});
        return pump();
      }
      case "/page.html":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end("<!doctype html><title>Not an image</title>");
      case "/fake.png":
        res.writeHead(200, { "content-type": "image/png" });
        return res.end(Buffer.from("\u0089PNG\r\n\u001a\n this is not really a PNG at all", "latin1"));
      case "/truncated.png":
        res.writeHead(200, { "content-type": "image/png" });
        return res.end(png.subarray(0, Math.floor(png.length / 2)));
      case "/redirect":
        res.writeHead(302, { location: url.searchParams.get("to") ?? "/" });
        return res.end();
      default:
        res.writeHead(404, { "content-type": "text/plain" });
        return res.end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
