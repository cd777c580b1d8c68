import { execFileSync } from "node:child_process";
import pg from "pg";
import { expect } from "vitest";
import type { Cluster } from "./cluster.ts";

const WITHIN_MS = 1000;
/**
 * A change must show within this many times the slowest page read this file has measured (a render from the
 * database on this machine under its current load: another file's servers may run beside this one), and never
 * later than a second on a machine fast enough for that.
 */
const PROPAGATION_FACTOR = 3;
/**
 * A lost expiry leaves the old page until the data cache's revalidate time (CONTENT_TTL, 300 s): a budget must
 * stay well under it, or the check could no longer tell a lost expiry from a slow machine.
 */
const LOST_EXPIRY_MS = 300_000;
/**
 * Reads and waits on a cluster's every surface (each instance, and the balancer signed in), measuring the
 * slowest page read as it goes: the budget a change has to show everywhere is relative to it.
 */
export class ClusterProbe {
  /** The slowest read so far: this file's own measure of a round trip on this machine. */
  slowestReadMs = 0;

  constructor(
    readonly cluster: Cluster,
    readonly cookie: string,
  ) {}

  async sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.cluster.databaseUrl });
    await client.connect();
    try {
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  }

  /** Every surface: each instance directly (anonymous) and the balancer (signed in: past nginx's page cache). */
  surfaces(path: string) {
    return [
      ...this.cluster.instances.map((base) => ({ label: base, url: `${base}${path}`, headers: {} })),
      { label: "nginx", url: `${this.cluster.balancer}${path}`, headers: { cookie: this.cookie } },
    ];
  }

  async read(surface: { url: string; headers: Record<string, string> }) {
    const started = Date.now();
    const res = await fetch(surface.url, { headers: surface.headers });
    const body = await res.text();
    expect(res.status, `${surface.url} answered ${res.status}`).toBeLessThan(500);
    this.slowestReadMs = Math.max(this.slowestReadMs, Date.now() - started);
    return { status: res.status, body };
  }

  /** How long a change may take to show everywhere: a second, or PROPAGATION_FACTOR renders on a slower machine. */
  propagationBudgetMs(): number {
    const budget = Math.max(WITHIN_MS, PROPAGATION_FACTOR * this.slowestReadMs);
    expect(budget, `reads of ${this.slowestReadMs} ms: too slow to tell a lost expiry`).toBeLessThan(
      LOST_EXPIRY_MS / 3,
    );
    return budget;
  }

  /**
   * Polls every surface until `holds`, each surface on its own and all at once (so that one surface's slow
   * render does not delay the reading of another); each must hold within the propagation budget of `since`. The
   * balancer must hold on two answers in a row (round robin: one from each instance).
   */
  async everywhereWithin(path: string, holds: (r: { status: number; body: string }) => boolean, since: number) {
    const budget = this.propagationBudgetMs();
    await Promise.all(
      this.surfaces(path).map(async (surface) => {
        const need = surface.label === "nginx" ? 2 : 1;
        for (let streak = 0; ; ) {
          streak = holds(await this.read(surface)) ? streak + 1 : 0;
          if (streak >= need) return;
          const late = Date.now() - since;
          if (late > budget) {
            throw new Error(`${path} not changed after ${late} ms on ${surface.label} (budget ${budget} ms)`);
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      }),
    );
  }

  /** How many data-cache entries Redis holds (the instances really share it). */
  cachedEntries(): number {
    const out = execFileSync("redis-cli", [
      "-p",
      String(this.cluster.redis.port),
      "--scan",
      "--pattern",
      "riesgos:cache:e:*",
    ]);
    return out.toString().split("\n").filter(Boolean).length;
  }

  /** Loads a page on every surface (twice: each instance behind the balancer) so its data is cached. */
  async warm(path: string) {
    for (const s of this.surfaces(path)) for (let i = 0; i < 2; i++) await this.read(s);
  }

  /** Polls the database until `column` of the article satisfies `holds`; resolves with the time it was seen. */
  async changedInDatabase(
    slug: string,
    column: "status" | "image_url",
    holds: (v: string | null) => boolean,
    timeoutMs: number,
  ): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const [row] = await this.sql<{ v: string | null }>(`SELECT ${column}::text AS v FROM articles WHERE slug = $1`, [
        slug,
      ]);
      if (holds(row?.v ?? null)) return Date.now();
      if (Date.now() > deadline) throw new Error(`${slug}: ${column} did not change within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** The image is served (from the S3 store), as a browser showing the page would fetch it. */
  async expectImage(base: string, url: string) {
    const res = await fetch(`${base}${url}`);
    expect(res.status, `${base}${url}`).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  }

  /**
   * Requests on both instances while the jobs run that the proxy answers by itself (a path it refuses, the
   * root's redirect to the remembered language): each leaves Next's process-wide cache as the proxy's own,
   * which has no cache handler, as a busy site's traffic does between a job's write and its expiry.
   */
  backgroundTraffic() {
    let stopped = false;
    const paths = ["/noticias/%ZZ", "/"];
    const loops = this.cluster.instances.map(async (base) => {
      for (let i = 0; !stopped; i++) {
        const target = paths[i % paths.length] as string;
        await fetch(`${base}${target}`, { redirect: "manual", headers: { cookie: "NEXT_LOCALE=en" } })
          .then((r) => r.arrayBuffer())
          .catch(() => undefined);
        await new Promise((r) => setTimeout(r, 20));
      }
    });
    return {
      stop: async () => {
        stopped = true;
        await Promise.all(loops);
      },
    };
  }
}
