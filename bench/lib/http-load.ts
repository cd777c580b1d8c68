import http from "node:http";

/** Pages fetched in a loop over keep-alive connections (what wrk does), counted per second. */
export async function pageLoad(urls: string[], connections: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const end = performance.now() + seconds * 1000;
  let ok = 0;
  let errors = 0;
  const get = (url: string) =>
    new Promise<number>((resolve) => {
      const req = http.get(url, { agent, headers: { "accept-encoding": "gzip" } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", () => resolve(0));
    });
  await Promise.all(
    Array.from({ length: connections }, async (_, c) => {
      for (let i = c; performance.now() < end; i++) {
        if ((await get(urls[i % urls.length]!)) === 200) ok++;
        else errors++;
      }
    }),
  );
  agent.destroy();
  return { rps: ok / seconds, ok, errors };
}

const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/**
 * The beacon's reports at a steady `rate` over HTTP, each from its own simulated reader (X-Forwarded-For
 * behind one trusted proxy), as navigator.sendBeacon sends them (text/plain JSON): latency of each answer.
 */
export async function hitLoad(url: string, rate: number, seconds: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const latencies: number[] = [];
  let acknowledged = 0;
  let shed = 0;
  let failed = 0;
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < rate * seconds; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const body = JSON.stringify({ p: `/noticias/pieza-${i % 200}?utm_source=bench`, r: "https://news.example/" });
    const t0 = performance.now();
    pending.push(
      new Promise<void>((resolve) => {
        const req = http.request(
          url,
          {
            method: "POST",
            agent,
            headers: {
              "content-type": "text/plain;charset=UTF-8",
              "user-agent": UA,
              "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
            },
          },
          (res) => {
            res.resume();
            res.on("end", () => {
              latencies.push(performance.now() - t0);
              if (res.statusCode === 204) acknowledged++;
              else if (res.statusCode === 503) shed++;
              else failed++;
              resolve();
            });
          },
        );
        req.on("error", () => {
          failed++;
          resolve();
        });
        req.end(body);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return { latencies, acknowledged, shed, failed };
}
