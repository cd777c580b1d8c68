import { expect } from "vitest";
import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { buildArticle } from "../support/builders.ts";

/**
 * What the list-page files write, and how: rows are built as drafts and published through the admin REST API, so
 * the write expires the cached lists exactly as an editor's does (a row written straight to the database would
 * leave a cached page showing the list as it was). They are deleted the same way, so the files after these read
 * the shared lists as they were.
 */
export async function adminApi(baseUrl: string) {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify(E2E_ADMIN),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return async (method: "PUT" | "PATCH" | "DELETE", path: string, body?: unknown) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { cookie, origin: baseUrl, "content-type": "application/json" },
      body: JSON.stringify(body ?? {}),
    });
    expect(res.status, `${method} ${path}`).toBe(200);
  };
}
export type AdminApi = Awaited<ReturnType<typeof adminApi>>;

const DAY_MS = 86_400_000;

/**
 * Two published articles of a tag of their own, dated in the future so they head /noticias: an analysis
 * (newest) and a news piece, both on regulation.
 */
export async function publishTaggedArticles(db: DbClient, api: AdminApi, tag: string) {
  const rows = [
    { slug: `${tag}-analisis`, type: "analisis", title: "Análisis", days: 2 },
    { slug: `${tag}-noticia`, type: "noticia", title: "Noticia", days: 1 },
  ];
  for (const r of rows) {
    await publishArticle(db, api, {
      slug: r.slug,
      title_es: `${r.title} de listas ${tag}`,
      title_en: `${r.title === "Análisis" ? "Analysis" : "News"} of lists ${tag}`,
      type: r.type,
      tags: [tag],
      date: new Date(Date.now() + r.days * DAY_MS),
    });
  }
  return rows.map((r) => r.slug);
}

/** Bilingual placeholder texts of a regulation story, for articles a file names and dates itself. */
export const PLACEHOLDER_TEXTS = {
  summary_es: "Resumen.",
  summary_en: "Summary.",
  body_es: "Cuerpo.",
  body_en: "Body.",
  topics: ["regulacion"],
  tags: [] as string[],
};

/**
 * One bilingual regulation article with placeholder texts, built as a draft and published through the admin
 * API (so the cached lists are rendered again with it); `article` names it and sets what the file asserts on.
 */
export async function publishArticle(
  db: DbClient,
  api: AdminApi,
  article: { slug: string; title_es: string; title_en: string; date: Date; type?: string; tags?: string[] },
) {
  await buildArticle(db, { ...PLACEHOLDER_TEXTS, ...article, status: "draft" });
  await api("PUT", `/articles/${article.slug}`, { status: "published" });
}

/** The newest `take` published articles, as /noticias lists them (date, then id). */
export async function newestPublished(db: DbClient, where: Prisma.ArticleWhereInput = {}, take = 20) {
  const rows = await db.article.findMany({
    where: { status: "published", ...where },
    orderBy: [{ date: "desc" }, { id: "asc" }],
    take,
    select: { slug: true },
  });
  return rows.map((r) => r.slug);
}
