/**
 * The inbox half of the fediverse benchmark, in a process of its own (bench/fediverse-fanout.ts forks it with
 * DATABASE_URL set to a migrated database of its own, so the app's modules read it as the site's): the real
 * federation on loopback (tests/support/fediverse-loopback-site.ts: an HTTP server handing each request to
 * `federation.fetch` through the site's gate, as the route handlers do, and this process's job engine working
 * its queue), and FOLLOWS Follow activities signed as Mastodon signs them (draft-cavage, rsa-sha256, Digest)
 * by as many distinct accounts on fake Mastodon instances of PER_INSTANCE accounts each (the inbox allows 300
 * activities a minute per instance), POSTed CONCURRENCY at a time. Reports on IPC: the POSTs' answers and
 * seconds, then seconds until every follower is stored and every Accept has reached its follower's inbox.
 *
 *   tsx bench/lib/fediverse-inbox-run.ts <follows> <concurrency>
 */
import { randomUUID } from "node:crypto";
import { type FakeMastodon, startFakeMastodon } from "../../tests/support/fake-mastodon.ts";
import { startFediverseSiteOn } from "../../tests/support/fediverse-loopback-site.ts";
import { readUntil } from "../../tests/support/until.ts";

const FOLLOWS = Number(process.argv[2] ?? 2000);
const CONCURRENCY = Number(process.argv[3] ?? 16);
/** Accounts per fake instance: a third of the inbox's per-instance allowance, so no Follow meets a 429. */
const PER_INSTANCE = 100;
const AS = "application/activity+json";
const url = process.env.DATABASE_URL;
if (!url) throw new Error("DATABASE_URL: the inbox benchmark's own migrated database");

const site = await startFediverseSiteOn(url, "inbox-bench");
const instances: FakeMastodon[] = [];
for (let first = 0; first < FOLLOWS; first += PER_INSTANCE) {
  const users = Array.from({ length: Math.min(PER_INSTANCE, FOLLOWS - first) }, (_, i) => `reader${first + i}`);
  instances.push(await startFakeMastodon(users));
}
const inboxUrl = `${site.origin}/ap/actors/noticias/inbox`;
// The actor's first read generates its key pairs: done before the clock starts, as on a site already running.
await fetch(`${site.origin}/ap/actors/noticias`, { headers: { accept: AS } }).then((r) => r.arrayBuffer());

// Signed beforehand: signing is the remote servers' work, not the inbox's.
const requests = instances.flatMap((masto, i) =>
  Array.from({ length: Math.min(PER_INSTANCE, FOLLOWS - i * PER_INSTANCE) }, (_, j) => {
    const user = `reader${i * PER_INSTANCE + j}`;
    const body = JSON.stringify({
      "@context": "https://www.w3.org/ns/activitystreams",
      id: `${masto.origin}/${randomUUID()}`,
      type: "Follow",
      actor: masto.actorOf(user),
      object: `${site.origin}/ap/actors/noticias`,
    });
    return masto.signedPost(inboxUrl, body, { user });
  }),
);

const statuses = new Map<number, number>();
const started = performance.now();
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < requests.length) {
      const request = requests[next++]!;
      const res = await fetch(request);
      await res.arrayBuffer();
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
    }
  }),
);
const answered = (performance.now() - started) / 1000;
const accepts = () => instances.reduce((n, m) => n + m.inbox.filter((x) => x.body.type === "Accept").length, 0);
const settle = async <T>(read: () => Promise<T>, ok: (v: T) => boolean) => {
  const v = await readUntil(read, ok, 20 * 60_000).catch(() => read());
  return { value: v, seconds: (performance.now() - started) / 1000 };
};
const stored = await settle(
  () => site.db.fediverseFollower.count(),
  (n) => n >= FOLLOWS,
);
const accepted = await settle(
  async () => accepts(),
  (n) => n >= FOLLOWS,
);

process.send?.({
  follows: FOLLOWS,
  concurrency: CONCURRENCY,
  instances: instances.length,
  statuses: Object.fromEntries(statuses),
  seconds_all_answered: Number(answered.toFixed(2)),
  answered_per_second: Number((FOLLOWS / answered).toFixed(1)),
  followers_stored: stored.value,
  seconds_all_stored: Number(stored.seconds.toFixed(2)),
  stored_per_second: Number((stored.value / stored.seconds).toFixed(1)),
  accepts_received: accepted.value,
  seconds_all_accepts: Number(accepted.seconds.toFixed(2)),
});
await site.close();
for (const m of instances) await m.close();
process.exit(0);
