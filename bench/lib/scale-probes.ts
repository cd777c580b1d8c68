import type pg from "pg";
import type { RedisServer } from "../../tests/support/redis-server.ts";

export interface Instance {
  label: string;
  url: string;
}
type Answer = { status: number; body: string };

export async function login(base: string, admin: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(admin),
  });
  if (res.status !== 200) throw new Error(`admin login answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Dated ahead so it is the newest article: first on /noticias once published. */
export async function insertArticle(client: pg.Client, slug: string, title: string, status: "draft" | "published") {
  await client.query(
    `INSERT INTO articles (id, slug, title_es, title_en, summary_es, summary_en, body_es, body_en, date, topics, tags, status, updated_at)
     VALUES ($1, $2, $3, $3, 'Resumen.', 'Summary.', 'Cuerpo.', 'Body.', now() + interval '1 day', '{regulacion}', '{}', $4, now())`,
    [`bench-${slug}`, slug, title, status],
  );
}

async function read(url: string): Promise<Answer> {
  const res = await fetch(url);
  return { status: res.status, body: await res.text() };
}

/**
 * Loads `path` on every instance (so each caches the old answer), runs `write` (answered by A), then polls
 * every instance until `holds`; returns the ms from the write's answer until the last instance served it.
 */
export async function timeUntilEverywhere(
  instances: Instance[],
  path: string,
  holds: (a: Answer) => boolean,
  write: () => Promise<void>,
): Promise<number> {
  for (const i of instances) for (let n = 0; n < 2; n++) await read(`${i.url}${path}`);
  await write();
  const answered = performance.now();
  const seen = await Promise.all(
    instances.map(async (i) => {
      for (;;) {
        if (holds(await read(`${i.url}${path}`))) return performance.now() - answered;
        if (performance.now() - answered > 600_000) throw new Error(`${path} never changed on ${i.label}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    }),
  );
  return Math.max(...seen);
}

/**
 * Steady reads of one article on every instance while Redis is stopped for a few seconds and started again,
 * with an edit during the outage and one after it. An error is a 5xx or a failed request; a stale answer is
 * one to a request sent after an edit was answered that does not show that edit (or a later one).
 */
export async function redisOutage(opts: {
  instances: Instance[];
  redis: RedisServer;
  client: pg.Client;
  run: string;
  write: (method: string, path: string, body: unknown) => Promise<void>;
}) {
  const slug = `bench-scale-outage-${opts.run}`;
  const titles = [`Antes ${opts.run}`, `Durante ${opts.run}`, `Después ${opts.run}`];
  await insertArticle(opts.client, slug, titles[0] as string, "published");
  const edits: { title: string; answered: number }[] = [{ title: titles[0] as string, answered: 0 }];
  const result = { reads: 0, errors: 0, stale: 0, downMs: 0, latencies: [] as number[] };
  let reading = true;
  const reader = async (instance: Instance) => {
    while (reading) {
      const sent = performance.now();
      const required = edits.filter((e) => e.answered < sent).length - 1;
      try {
        const answer = await read(`${instance.url}/noticias/${slug}`);
        result.latencies.push(performance.now() - sent);
        result.reads++;
        if (answer.status >= 500) result.errors++;
        else if (!edits.slice(required).some((e) => answer.body.includes(e.title))) result.stale++;
      } catch {
        result.errors++;
      }
    }
  };
  const readers = opts.instances.flatMap((i) => [reader(i), reader(i)]);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const edit = async (title: string) => {
    await opts.write("PATCH", `/articles/${slug}`, { title_es: title });
    edits.push({ title, answered: performance.now() });
  };
  await sleep(2000);
  const down = performance.now();
  await opts.redis.stop();
  await sleep(1000);
  await edit(titles[1] as string);
  await sleep(2000);
  await opts.redis.start();
  result.downMs = Math.round(performance.now() - down);
  await sleep(1500);
  await edit(titles[2] as string);
  await sleep(3000);
  reading = false;
  await Promise.all(readers);
  return result;
}
