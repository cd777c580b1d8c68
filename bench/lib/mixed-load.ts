import pg from "pg";

/**
 * Mixed traffic for the reliability bench: concurrent workers reading public pages and writing newsletter
 * signups and contact messages (unique addresses), every response recorded, so that afterwards the
 * acknowledged (2xx) writes can be looked up in the database.
 */
export type Kind = "page" | "subscribe" | "contact";

export interface Sample {
  kind: Kind;
  status: number; // 0: no HTTP answer (connection error)
  startedAt: number;
  at: number;
  email?: string;
  error?: string;
}

export interface LoadOptions {
  baseUrl: string;
  pages: string[];
  seconds: number;
  workers: number;
  /** Share of requests that are writes (half signups, half contact messages). */
  writeShare?: number;
  /** Called once per second with the elapsed seconds (fault injection). */
  onTick?: (elapsed: number) => Promise<void> | void;
}

/** Each request from its own client address (X-Forwarded-For), as many readers behind a proxy look. */
const clientAddress = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

let seq = 0;
const runId = Date.now().toString(36);

async function one(base: string, kind: Kind, page: string): Promise<Sample> {
  const startedAt = Date.now();
  const n = seq++;
  const email = kind === "page" ? undefined : `load.${runId}.${n}@example.com`;
  const headers = { "x-forwarded-for": clientAddress(n) };
  try {
    const res =
      kind === "page"
        ? await fetch(`${base}${page}`, { headers })
        : await fetch(`${base}/api/${kind === "subscribe" ? "newsletter/subscribe" : "contact"}`, {
            method: "POST",
            headers: { ...headers, "content-type": "application/json" },
            body: JSON.stringify(
              kind === "subscribe"
                ? { email, locale: "es", source: "home" }
                : { name: "Carga", email, message: "Mensaje de la prueba de carga.", privacy: true },
            ),
          });
    const text = await res.text();
    const error = res.status >= 400 && kind !== "page" ? text.slice(0, 200) : undefined;
    return { kind, status: res.status, startedAt, at: Date.now(), email, error };
  } catch (err) {
    return { kind, status: 0, startedAt, at: Date.now(), email, error: String(err) };
  }
}

export async function runMixedLoad(opts: LoadOptions): Promise<Sample[]> {
  const samples: Sample[] = [];
  const start = Date.now();
  const end = start + opts.seconds * 1000;
  const writeShare = opts.writeShare ?? 0.3;
  let tick = 0;
  const ticker = setInterval(() => void opts.onTick?.(++tick), 1000);
  const worker = async (w: number) => {
    for (let i = 0; Date.now() < end; i++) {
      const r = (i * 7919 + w * 104729) % 1000; // deterministic spread, no shared RNG state
      const kind: Kind = r < writeShare * 500 ? "subscribe" : r < writeShare * 1000 ? "contact" : "page";
      samples.push(await one(opts.baseUrl, kind, opts.pages[(i + w) % opts.pages.length]!));
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.workers }, (_, w) => worker(w)));
  } finally {
    clearInterval(ticker);
  }
  return samples;
}

/** Acknowledged writes (2xx) whose row is not in the database. */
export async function lostWrites(databaseUrl: string, samples: Sample[]): Promise<Sample[]> {
  const acked = samples.filter((s) => s.kind !== "page" && s.status >= 200 && s.status < 300);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const emails = acked.map((s) => s.email!);
    const subs = await client.query<{ email: string }>(
      "SELECT email FROM newsletter_subscriptions WHERE email = ANY($1::citext[])",
      [emails],
    );
    const msgs = await client.query<{ email: string }>("SELECT email FROM contact_messages WHERE email = ANY($1)", [
      emails,
    ]);
    const present = {
      subscribe: new Set(subs.rows.map((r) => r.email)),
      contact: new Set(msgs.rows.map((r) => r.email)),
    };
    return acked.filter((s) => !present[s.kind as "subscribe" | "contact"].has(s.email!));
  } finally {
    await client.end();
  }
}

export function summarise(samples: Sample[]) {
  const by = (pred: (s: Sample) => boolean) => samples.filter(pred).length;
  const statuses = new Map<string, number>();
  for (const s of samples) statuses.set(`${s.kind} ${s.status}`, (statuses.get(`${s.kind} ${s.status}`) ?? 0) + 1);
  return {
    requests: samples.length,
    fiveXx: by((s) => s.status >= 500),
    non503FiveXx: by((s) => s.status >= 500 && s.status !== 503),
    connectionErrors: by((s) => s.status === 0),
    acknowledgedWrites: by((s) => s.kind !== "page" && s.status >= 200 && s.status < 300),
    statuses: Object.fromEntries([...statuses.entries()].sort()),
  };
}
