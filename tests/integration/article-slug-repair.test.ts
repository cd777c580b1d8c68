import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { articleContent } from "~/features/articles/index.ts";
import { db } from "~/platform/db/db.ts";
import { MIGRATIONS_DIR, migrate } from "~/platform/db/migrate.ts";
import { slugSchema } from "~/platform/http/common-schemas.ts";
import { handleRest } from "~/server/rest/handler.ts";
import { buildArticle } from "../support/builders.ts";
import { freshDatabase } from "../support/fresh-database.ts";
import { restAdmin } from "../support/rest-admin.ts";

const REPAIR = "20261127213200_article_slug_repair_sources";

describe("repair of article slugs the slug rule rejects", () => {
  it("the migration gives each bad slug its rule-abiding form (the id added when taken) and keeps the old one as a redirect", async () => {
    const url = await freshDatabase(inject("adminDatabaseUrl"), "slugfix");
    // The schema as it was before the repair.
    const before = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-before-repair-"));
    for (const name of fs.readdirSync(MIGRATIONS_DIR).filter((n) => n < REPAIR && !n.endsWith(".toml")))
      fs.cpSync(path.join(MIGRATIONS_DIR, name), path.join(before, name), { recursive: true });
    await migrate(url, { dir: before });
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const add = (id: string, slug: string) =>
        client.query(
          `INSERT INTO articles (id, slug, title_es, summary_es, body_es, date, updated_at, status)
           VALUES ($1, $2, 'T', 'S', 'B', now(), now(), 'published')`,
          [id, slug],
        );
      await add("cmgood0000000001", "ya-correcto");
      await add("cmbad00000000002", `${"a".repeat(69)}--abc123`);
      await add("cmbad00000000003", "-guion-inicial-");
      await add("cmtaken000000004", "repetido-x");
      await add("cmbad00000000005", "repetido--x");
      await migrate(url);
      const { rows } = await client.query<{ id: string; slug: string }>("SELECT id, slug FROM articles ORDER BY id");
      const slugs = Object.fromEntries(rows.map((r) => [r.id, r.slug]));
      expect(slugs).toEqual({
        cmbad00000000002: `${"a".repeat(69)}-abc123`,
        cmbad00000000003: "guion-inicial",
        cmbad00000000005: "repetido-x-00000005",
        cmgood0000000001: "ya-correcto",
        cmtaken000000004: "repetido-x",
      });
      for (const slug of Object.values(slugs)) expect(slugSchema.safeParse(slug).success, slug).toBe(true);
      const redirects = await client.query(
        "SELECT old_slug, article_id FROM article_slug_redirects ORDER BY article_id",
      );
      expect(redirects.rows).toEqual([
        { old_slug: `${"a".repeat(69)}--abc123`, article_id: "cmbad00000000002" },
        { old_slug: "-guion-inicial-", article_id: "cmbad00000000003" },
        { old_slug: "repetido--x", article_id: "cmbad00000000005" },
      ]);
    } finally {
      await client.end();
    }
  });

  it("a former slug leads to the article's current slug; the current one and an unknown one lead nowhere", async () => {
    // The page answers the former slug with a permanent redirect there (tests/e2e/reader-path-rules.test.ts).
    const unique = Math.random().toString(36).slice(2, 8);
    const article = await buildArticle(db, {
      slug: `reparado-${unique}`,
      status: "published",
      published_at: new Date(),
    });
    const old = `reparado--${unique}`;
    await db.articleSlugRedirect.create({ data: { old_slug: old, article_id: article.id } });
    expect(await articleContent.movedSlug(old)).toBe(`reparado-${unique}`);
    expect(await articleContent.movedSlug(`reparado-${unique}`)).toBeNull();
    expect(await articleContent.movedSlug(`nunca--existio-${unique}`)).toBeNull();
  });

  it("the REST API answers a former slug with a 308 to the current path (method kept), which then serves the article", async () => {
    const unique = Math.random().toString(36).slice(2, 8);
    const article = await buildArticle(db, {
      slug: `api-reparado-${unique}`,
      status: "published",
      published_at: new Date(),
    });
    const old = `api-reparado--${unique}`;
    await db.articleSlugRedirect.create({ data: { old_slug: old, article_id: article.id } });
    const call = (p: string, method = "GET") => handleRest(new Request(`http://localhost/api${p}`, { method }));
    // The verification is the desk's (admin only): asked as an admin, with the session cookie.
    const admin = await restAdmin(`slugs-${unique}`);
    for (const [from, to] of [
      [`/articles/${old}`, `/api/articles/api-reparado-${unique}`],
      [`/articles/${encodeURIComponent(old)}/verification`, `/api/articles/api-reparado-${unique}/verification`],
    ] as const) {
      const res = await admin.call("GET", `${from}?x=1`);
      expect(res.status, from).toBe(308);
      const location = new URL(res.headers.get("location") ?? "", "http://localhost");
      expect(location.pathname + location.search).toBe(`${to}?x=1`);
      const followed = await admin.call("GET", location.pathname.replace(/^\/api/, ""));
      expect(followed.status, to).toBe(200);
    }
    expect(
      await (await handleRest(new Request(`http://localhost/api/articles/api-reparado-${unique}`))).json(),
    ).toMatchObject({
      slug: `api-reparado-${unique}`,
    });
    // A write on the old path is sent on with its method (308, not 301), to be judged there.
    expect((await admin.call("DELETE", `/articles/${old}`)).status).toBe(308);
    expect(await db.article.count({ where: { id: article.id } })).toBe(1);
    // A malformed slug that was never ours is still bad input.
    const never = await call(`/articles/nunca--existio-${unique}`);
    expect(never.status).toBe(400);
  });
});
