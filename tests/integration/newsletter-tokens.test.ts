import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { eventually, startFakeResend } from "../support/resend-env.ts";

// The app must see RESEND_* before its env module loads: start the fake first, then import the app.
const fake = await startFakeResend();
const { db } = await import("~/platform/db/db.ts");
const { createPrismaClient } = await import("~/platform/db/client.ts");
const { MIGRATIONS_DIR, migrate } = await import("~/platform/db/migrate.ts");
const { handleRest } = await import("~/server/rest/handler.ts");
const { settleJobs } = await import("../support/jobs.ts");
const { freshDatabase } = await import("../support/fresh-database.ts");
const { confirmSubscription, unsubscribe } = await import("~/features/newsletter/subscriptions/subscribe.ts");
const { UNSUBSCRIBE_TOKEN_TTL_MS } = await import("~/features/newsletter/tokens.ts");

const uid = () => randomBytes(5).toString("hex");
const DAY = 24 * 60 * 60 * 1000;

afterAll(async () => {
  await settleJobs();
  await fake.close();
});

async function subscribe(email: string) {
  const res = await handleRest(
    new Request("http://localhost/api/newsletter/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `10.21.${uid().slice(0, 2)}.7` },
      body: JSON.stringify({ email }),
    }),
  );
  expect(res.status).toBe(200);
}

/** The links of the n-th signup mail to `email`. */
async function mailedTokens(email: string, n: number) {
  await settleJobs();
  await eventually(() => fake.deliveries.filter((d) => d.to === email).length >= n);
  const html = fake.deliveries.filter((d) => d.to === email)[n - 1]!.html!;
  const token = (p: string) => new RegExp(`${p}\\?token=([A-Za-z0-9_-]{32,})`).exec(html)?.[1];
  return { confirm: token("/newsletter/confirmar"), unsubscribe: token("/unsubscribe")! };
}

const row = (email: string) => db.newsletterSubscription.findUniqueOrThrow({ where: { email } });

describe("newsletter tokens", () => {
  it("are stored nowhere: no column of the subscription holds a mailed token", async () => {
    const email = `guardado.${uid()}@example.com`;
    await subscribe(email);
    const tokens = await mailedTokens(email, 1);
    const stored = JSON.stringify(await row(email));
    expect(stored).not.toContain(tokens.unsubscribe);
    expect(stored).not.toContain(tokens.unsubscribe.slice(-32));
    expect(stored).not.toContain(tokens.confirm!.slice(-32));
  });

  it("re-subscribing issues new tokens; the old unsubscribe link keeps working for unsubscribing only", async () => {
    const email = `vuelve.${uid()}@example.com`;
    await subscribe(email);
    const first = await mailedTokens(email, 1);
    expect(await confirmSubscription(db, first.confirm!)).toEqual({ confirmed: true });
    expect((await unsubscribe(db, first.unsubscribe)).success).toBe(true);

    await subscribe(email);
    const second = await mailedTokens(email, 2);
    expect(second.unsubscribe).not.toBe(first.unsubscribe);
    expect(second.confirm).not.toBe(first.confirm);
    // The first opt-in's confirmation link is retired by the new opt-in; the new one works.
    expect(await confirmSubscription(db, first.confirm!)).toEqual({ confirmed: false });
    expect((await row(email)).status).toBe("pending");
    expect(await confirmSubscription(db, second.confirm!)).toEqual({ confirmed: true });
    // A token is good for its own purpose only.
    expect(await confirmSubscription(db, second.unsubscribe)).toEqual({ confirmed: false });
    expect((await unsubscribe(db, second.confirm!)).success).toBe(false);
    expect((await row(email)).status).toBe("confirmed");
    // An old mail's unsubscribe link still unsubscribes (mailbox providers' one-click on old mail).
    expect((await unsubscribe(db, first.unsubscribe)).success).toBe(true);
    expect(await row(email)).toMatchObject({ status: "unsubscribed", subscribed: false });
  });

  it("an unsubscribe link works for one year after its mail, then changes nothing", async () => {
    const email = `anual.${uid()}@example.com`;
    await subscribe(email);
    const { confirm, unsubscribe: token } = await mailedTokens(email, 1);
    await confirmSubscription(db, confirm!);
    const mailedAt = (await row(email)).confirmation_sent_at!.getTime();
    expect(await unsubscribe(db, token, new Date(mailedAt + 366 * DAY))).toMatchObject({ success: false });
    expect((await row(email)).status).toBe("confirmed");
    expect(await unsubscribe(db, token, new Date(mailedAt + 364 * DAY))).toMatchObject({ success: true });
    expect((await row(email)).status).toBe("unsubscribed");
    expect(UNSUBSCRIBE_TOKEN_TTL_MS).toBe(365 * DAY);
  });

  it("an altered token or a rotated secret retires a link", async () => {
    const email = `rotado.${uid()}@example.com`;
    await subscribe(email);
    const { confirm, unsubscribe: token } = await mailedTokens(email, 1);
    await confirmSubscription(db, confirm!);
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect((await unsubscribe(db, flipped)).success).toBe(false);
    // Another subscription's id in the payload, with the MAC left as it was.
    const other = Buffer.from(`x${Buffer.from(token.slice(0, -32), "base64url").toString()}`).toString("base64url");
    expect((await unsubscribe(db, other + token.slice(-32))).success).toBe(false);

    const secret = process.env.NEXTAUTH_SECRET;
    process.env.NEXTAUTH_SECRET = `${secret}-rotated`;
    try {
      expect((await unsubscribe(db, token)).success).toBe(false);
    } finally {
      process.env.NEXTAUTH_SECRET = secret;
    }
    expect((await row(email)).status).toBe("confirmed");
    expect((await unsubscribe(db, token)).success).toBe(true);
  });
});

describe("the migration to derived tokens", () => {
  it("hashes the plaintext tokens of existing rows, so links already mailed keep working for a year", async () => {
    const url = await freshDatabase(inject("adminDatabaseUrl"), "tokmig");
    const before = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-before-tokens-"));
    for (const name of fs.readdirSync(MIGRATIONS_DIR).filter((n) => n < "20261124150000_newsletter_derived_tokens"))
      fs.cpSync(path.join(MIGRATIONS_DIR, name), path.join(before, name), { recursive: true });
    await migrate(url, { dir: before });

    const unsubscribeToken = randomBytes(32).toString("base64url");
    const confirmToken = randomBytes(32).toString("base64url");
    const sql = new pg.Client({ connectionString: url });
    await sql.connect();
    await sql.query(
      `INSERT INTO newsletter_subscriptions (id, email, status, subscribed, confirmation_token, confirmation_sent_at, unsubscribe_token, updated_at)
       VALUES ('legacy-1', 'antigua@example.com', 'pending', false, $1, now(), $2, now())`,
      [confirmToken, unsubscribeToken],
    );
    await migrate(url);
    const { rows } = await sql.query("SELECT * FROM newsletter_subscriptions WHERE id = 'legacy-1'");
    await sql.end();
    const sha = (t: string) => createHash("sha256").update(t).digest("hex");
    expect(rows[0]).toMatchObject({
      legacy_unsubscribe_hash: sha(unsubscribeToken),
      legacy_confirmation_hash: sha(confirmToken),
      token_generation: 0,
    });
    expect(JSON.stringify(rows[0])).not.toContain(unsubscribeToken);
    const until = (rows[0].legacy_tokens_until as Date).getTime();
    expect(Math.abs(until - Date.now() - 365 * DAY)).toBeLessThan(2 * DAY);

    const migrated = createPrismaClient(url);
    try {
      expect(await confirmSubscription(migrated, confirmToken)).toEqual({ confirmed: true });
      expect((await unsubscribe(migrated, unsubscribeToken, new Date(until + 60_000))).success).toBe(false);
      expect((await unsubscribe(migrated, unsubscribeToken)).success).toBe(true);
      expect(await migrated.newsletterSubscription.findUnique({ where: { id: "legacy-1" } })).toMatchObject({
        status: "unsubscribed",
      });
    } finally {
      await migrated.$disconnect();
    }
  });
});
