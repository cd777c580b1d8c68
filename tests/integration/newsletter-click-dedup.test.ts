import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createOneItemNewsletter } from "../support/newsletters.ts";

/**
 * The click counter feeds the Top 5's "readers' interest", so one client must not be able to inflate it: a
 * click counts once per daily visitor (salt, address, user agent), issue and item; HEAD, bots and prefetches
 * are redirected but never counted.
 */
// Every click of this file happens at one instant of a day that is not today: "once per reader and day" is
// checked on that day whatever the machine's clock says (a run across 00:00 UTC would otherwise count two).
const CLICKED_AT = new Date("2026-12-02T12:00:00Z");
vi.useFakeTimers({ toFake: ["Date"], now: CLICKED_AT });
afterAll(() => vi.useRealTimers());

const { db } = await import("~/platform/db/db.ts");
const clickRoute = await import("~/app/api/newsletter/click/[id]/[index]/route.ts");

const run = randomBytes(4).toString("hex");
const newsletter = await createOneItemNewsletter(db, { subject: `Clics ${run}` });
await db.newsletter.update({ where: { id: newsletter.id }, data: { status: "sent", sent_at: new Date() } });

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

function click(opts: { ip: string; ua?: string; method?: "GET" | "HEAD"; headers?: Record<string, string> }) {
  const { id } = newsletter;
  const req = new Request(`http://localhost/api/newsletter/click/${id}/0`, {
    method: opts.method ?? "GET",
    headers: { "x-forwarded-for": opts.ip, "user-agent": opts.ua ?? BROWSER, ...opts.headers },
  });
  const handler = opts.method === "HEAD" ? (clickRoute.HEAD ?? clickRoute.GET) : clickRoute.GET;
  return handler(req, { params: Promise.resolve({ id, index: "0" }) });
}

const clicks = async () =>
  (
    await db.newsletterClick.findUnique({
      where: { newsletter_id_item_index: { newsletter_id: newsletter.id, item_index: 0 } },
    })
  )?.clicks ?? 0;

describe("the newsletter click counter cannot be inflated", () => {
  it("counts 50 requests from one anonymous client as one click, and each real reader once", async () => {
    for (let i = 0; i < 50; i++) expect((await click({ ip: "203.0.113.7" })).status).toBe(302);
    expect(await clicks()).toBe(1);
    await click({ ip: "203.0.113.8" });
    await click({ ip: "203.0.113.8" });
    await click({ ip: "203.0.113.7", ua: `${BROWSER} Edg/131.0` });
    expect(await clicks()).toBe(3);
  });

  it("redirects HEAD, bots and prefetches without counting them", async () => {
    const before = await clicks();
    const head = await click({ ip: "198.51.100.1", method: "HEAD" });
    expect(head.status).toBe(302);
    const bot = await click({ ip: "198.51.100.2", ua: "Googlebot/2.1 (+http://www.google.com/bot.html)" });
    expect(bot.status).toBe(302);
    const curl = await click({ ip: "198.51.100.3", ua: "curl/8.5.0" });
    expect(curl.status).toBe(302);
    const prefetches: Record<string, string>[] = [
      { "sec-purpose": "prefetch" },
      { purpose: "prefetch" },
      { "x-moz": "prefetch" },
    ];
    for (const headers of prefetches) {
      const res = await click({ ip: "198.51.100.4", headers });
      expect(res.status).toBe(302);
    }
    expect(await clicks()).toBe(before);
  });

  it("keeps no address or user agent: only a keyed hash that changes with the day's salt", async () => {
    const cols = await db.$queryRaw<{ column_name: string }[]>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'newsletter_click_visitors'`;
    expect(cols.map((c) => c.column_name).sort()).toEqual(["day", "item_index", "newsletter_id", "visitor"]);
    const stored = await db.$queryRaw<{ visitor: Uint8Array; day: string }[]>`
      SELECT visitor, day::text AS day FROM newsletter_click_visitors WHERE newsletter_id = ${newsletter.id}`;
    expect(stored).toHaveLength(3);
    // Kept under the day of the salt that made it (one clock for both), so it is forgotten with that salt.
    expect(stored.map((r) => r.day)).toEqual(["2026-12-02", "2026-12-02", "2026-12-02"]);
    for (const row of stored) {
      const text = Buffer.from(row.visitor).toString("latin1");
      expect(text).not.toContain("203.0.113");
      expect(text).not.toContain("Mozilla");
    }
  });
});
