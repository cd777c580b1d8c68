import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { buildArticle } from "../support/builders.ts";
import { expectPlainText, HOSTILE_TEXT } from "../support/hostile-text.ts";
import { e2eDatabase } from "./db.ts";
import { jsonLd } from "./interop-helpers.ts";

/**
 * Model-written titles reach structured data as plain text: the JSON-LD of an article and an interview page
 * carries no markup, CDATA terminator, control character or entity, whatever the stored title holds.
 */
const baseUrl = inject("baseUrl");
const db = e2eDatabase();
const id = randomBytes(4).toString("hex");
const articleSlug = `plain-text-${id}`;
const interviewSlug = `plain-text-entrevista-${id}`;

beforeAll(async () => {
  await buildArticle(db, {
    slug: articleSlug,
    title_es: HOSTILE_TEXT,
    title_en: HOSTILE_TEXT,
    summary_es: HOSTILE_TEXT,
    author: HOSTILE_TEXT,
    tags: [HOSTILE_TEXT],
    status: "published",
    date: new Date("2020-01-02T10:00:00Z"),
  });
  await db.interview.create({
    data: {
      slug: interviewSlug,
      title_es: HOSTILE_TEXT,
      intro_es: HOSTILE_TEXT,
      interviewee: { name: HOSTILE_TEXT, role_es: HOSTILE_TEXT, focus: [] },
      date: new Date("2020-01-02T10:00:00Z"),
      topics: [],
      status: "published",
    },
  });
});
afterAll(async () => {
  await db.article.deleteMany({ where: { slug: articleSlug } });
  await db.interview.deleteMany({ where: { slug: interviewSlug } });
  await db.$disconnect();
});

/** Every string inside a JSON value. */
const strings = (value: unknown): string[] =>
  typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(strings) : [];

describe("JSON-LD of pages whose stored texts carry markup", () => {
  for (const path of [`/noticias/${articleSlug}`, `/en/noticias/${articleSlug}`, `/entrevistas/${interviewSlug}`])
    it(`${path}: every text is plain`, async () => {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status).toBe(200);
      const [ld] = jsonLd(await res.text());
      expect(ld).toBeDefined();
      expectPlainText(String(ld?.headline));
      // Descriptions are cut to 160 characters: only the headline keeps every word.
      for (const text of strings(ld)) expectPlainText(text, []);
    });
});
