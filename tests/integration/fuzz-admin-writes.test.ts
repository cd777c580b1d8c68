import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { httpLink } from "@trpc/client";
import { getQueryKey } from "@trpc/react-query";
import fc from "fast-check";
import { NextIntlClientProvider } from "next-intl";
import pg from "pg";
import { type ComponentProps, createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import superjson from "superjson";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_DRAFT, startFakeOpenAi } from "../support/fake-openai.ts";
import { startFakeSources } from "../support/fake-sources.ts";
import {
  executableBits,
  expectNoInternals,
  fuzzBody,
  HOSTILE_STRINGS,
  markupPayload,
  nearlyValid,
  XSS_VECTORS,
} from "../support/fuzz.ts";
import { createPrivateDatabase, expectAppOn, tableFingerprints } from "../support/private-database.ts";

/**
 * Admin writes under fuzzing (issue "Benchmarks and fault tests"): every admin mutation — each REST path of
 * the OpenAPI document, and the tRPC-only ones — gets malformed, oversized, mistyped and hostile input from a
 * signed-in admin. Never a 5xx, no internals in error bodies, and a rejected request changes no row of any
 * table. Then "stored text renders inert": markup accepted into articles, agent names and contact messages
 * comes out of the site's renderers with nothing a browser would execute. The file has its own database, so
 * whole-table fingerprints are exact.
 */
const database = await createPrivateDatabase("fuzzadm");
const openai = await startFakeOpenAi();
const imageDir = fs.mkdtempSync(path.join(os.tmpdir(), "riesgos-fuzz-images-"));
vi.stubEnv("OPENAI_API_KEY", "fake-openai-key");
vi.stubEnv("OPENAI_BASE_URL", openai.url);
vi.stubEnv("IMAGE_STORAGE_DIR", imageDir);
vi.stubEnv("SOURCE_ALLOWLIST", "");
vi.stubEnv("JOB_RETRY_BASE_MS", "5");
// No Resend: mail lands in the outbox table, where the test reads it.
vi.stubEnv("RESEND_API_KEY", "");
// Official sites stand-in: an agent drafts only from pages the fetcher read.
const sources = await startFakeSources();
vi.stubEnv("SOURCE_FETCH_EXTRA_HOSTS", sources.host);

const { db } = await import("~/platform/db/db.ts");
const { createSession } = await import("~/platform/auth/sessions.ts");
const { settleJobs: settleInProcessJobs } = await import("../support/jobs.ts");
const { handleRest } = await import("~/server/rest/handler.ts");
const { openApiDocument } = await import("~/server/rest/openapi.ts");
const { appRouter, createCaller } = await import("~/server/api/root.ts");
const { createInnerContext } = await import("~/platform/trpc/trpc.ts");
const { renderMarkdown } = await import("~/platform/security/markdown.ts");
const { citedSources } = await import("~/features/agents/pipeline.ts");
const { toArticleDto } = await import("~/features/articles/dto.ts");
const { newsletterPreviewHtml } = await import("~/features/newsletter/admin.ts");
const { loadMessages } = await import("~/platform/i18n/messages.ts");
const { api } = await import("~/trpc/react.tsx");
const { ArticleCardView } = await import("~/features/articles/ui/article-card-view.tsx");
const { BylineView } = await import("~/features/articles/ui/byline-view.tsx");
const { cardTexts } = await import("~/features/articles/ui/card-texts.ts");
const { codeTranslatorFor } = await import("~/platform/i18n/translator.ts");
const { taxonomyLabel, topicBadgeVariant } = await import("~/platform/i18n/taxonomy.ts");
const { Badge } = await import("~/ui/badge.tsx");
const { ExternalLinks } = await import("~/ui/external-links.tsx");
const { JsonLd } = await import("~/ui/page-header.tsx");
const { Prose } = await import("~/ui/prose.tsx");
const { TagList } = await import("~/features/articles/ui/tag-list.tsx");
const { ContactMessagesSection } = await import("~/features/contact/ui/contact-messages-section.tsx");

const run = randomBytes(4).toString("hex");
const F = {
  adminId: `fuzz-admin-${run}`,
  userId: `fuzz-user-${run}`,
  agentId: `fuzzagent${run}`,
  slug: `fuzz-articulo-${run}`,
  newsletterId: `fuzznewsletter${run}`,
  email: `fuzz.${run}@example.com`,
  contactId: `fuzzcontact${run}`,
};
const adminSession = {
  user: { id: F.adminId, username: `fuzzadmin${run}`, email: `admin.${F.email}`, role: "admin" as const },
};
let client: pg.Client;
let cookie: string;
let ip = 0;
const messages = await loadMessages("es");

/** The rows the fuzzed requests aim at; recreated when a previous (accepted) request deleted one. */
async function ensureFixtures() {
  const present = await client.query<{ ok: boolean }>(
    `SELECT (SELECT count(*) FROM users WHERE id IN ($1, $2)) = 2
       AND EXISTS (SELECT 1 FROM agents WHERE id = $3) AND EXISTS (SELECT 1 FROM articles WHERE slug = $4)
       AND EXISTS (SELECT 1 FROM newsletters WHERE id = $5)
       AND EXISTS (SELECT 1 FROM newsletter_subscriptions WHERE email = $6)
       AND EXISTS (SELECT 1 FROM contact_messages WHERE id = $7) AS ok`,
    [F.adminId, F.userId, F.agentId, F.slug, F.newsletterId, F.email, F.contactId],
  );
  if (present.rows[0]?.ok) return;
  const now = new Date();
  await db.user.upsert({
    where: { id: F.adminId },
    create: { id: F.adminId, username: `fuzzadmin${run}`, email: `admin.${F.email}`, passwordHash: "x", role: "admin" },
    update: {},
  });
  await db.user.upsert({
    where: { id: F.userId },
    create: { id: F.userId, username: `fuzzuser${run}`, email: `user.${F.email}`, passwordHash: "x" },
    update: {},
  });
  await db.agent.upsert({
    where: { id: F.agentId },
    create: { id: F.agentId, name: `Agente fuzz ${run}`, config: { content: { topics: ["ai act"] } } },
    update: {},
  });
  await db.article.upsert({
    where: { slug: F.slug },
    create: {
      slug: F.slug,
      title_es: "Artículo de prueba",
      summary_es: "Resumen.",
      body_es: "Cuerpo.",
      status: "published",
      published_at: now,
      date: now,
      topics: ["regulacion"],
      author: `Agente fuzz ${run}`,
    },
    update: {},
  });
  await db.newsletter.upsert({
    where: { id: F.newsletterId },
    create: { id: F.newsletterId, subject_es: "Top 5", intro_es: "Intro", week_start: now, items: [] },
    update: {},
  });
  await db.newsletterSubscription.upsert({
    where: { email: F.email },
    create: {
      email: F.email,
      status: "confirmed",
      subscribed: true,
    },
    update: {},
  });
  await db.contactMessage.upsert({
    where: { id: F.contactId },
    create: { id: F.contactId, name: "Ana", email: F.email, reason: "press", message: "Hola", privacy: true },
    update: {},
  });
}

/**
 * A rejected request must leave every table as it was, apart from what changes on any call by design: rate-limit
 * counters, the admin's session (its last-seen time), the audit trail (each refused admin attempt is recorded),
 * and what the per-minute scheduled jobs write on their own clock (the job runtime's run records and the
 * newsletter health check's alerts); a job a request started would still show in the tables it writes.
 */
const fingerprints = () =>
  tableFingerprints(client, [
    "rate_limits",
    "sessions",
    "audit_entries",
    "job_runs",
    "job_steps",
    "job_attempts",
    "job_schedule_fires",
    "newsletter_alerts",
  ]);

beforeAll(async () => {
  await expectAppOn(db, database.name);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await ensureFixtures();
  cookie = `next-auth.session-token=${await createSession(db, F.adminId)}`;
});

afterAll(async () => {
  await settleInProcessJobs();
  await client?.end();
  vi.unstubAllEnvs();
  await openai.close();
  await sources.close();
  fs.rmSync(imageDir, { recursive: true, force: true });
});

function rest(method: string, url: string, body?: string) {
  return handleRest(
    new Request(`http://localhost/api${url}`, {
      method,
      headers: {
        cookie,
        "x-forwarded-for": `203.0.113.${ip++ % 250}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body,
    }),
  );
}

type Operation = { "x-access"?: string; requestBody?: { content?: Record<string, { schema?: unknown }> } };

/** Every admin write the OpenAPI document lists, with the field names of its JSON body. */
function adminWrites() {
  const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([route, ops]) =>
    Object.entries(ops)
      .filter(([method, op]) => method !== "get" && op["x-access"] === "admin")
      .map(([method, op]) => {
        const schema = op.requestBody?.content?.["application/json"]?.schema as { properties?: object } | undefined;
        return { method: method.toUpperCase(), route, keys: Object.keys(schema?.properties ?? {}) };
      }),
  );
}

/** Bodies that pass validation, as the starting point of "one field broken". */
const VALID: Record<string, Record<string, unknown>> = {
  "POST /agents": {
    name: "Agente válido",
    type: "article-generator",
    config: { content: { topics: "ai act", targetLength: 600, tone: "profesional", language: "es" } },
    auto_publish: false,
  },
  "PUT /agents/{id}": {
    name: "Agente válido",
    type: "article-generator",
    status: "active",
    config: { content: { topics: "ai act", targetLength: 600 }, newsApi: { keywords: "oecd" } },
  },
  "PUT /articles/{slug}": { status: "published" },
  "POST /generate-manual-content": {
    userPrompt: "Escribe sobre el AI Act",
    contentType: "news",
    generateImage: false,
    authorName: "Editora",
  },
  "POST /admin/articles/fix-author-names": { mapping: { [F.slug]: "Editora" } },
};

/** Percent-encoded; a lone surrogate (which encodeURIComponent refuses) goes as a malformed escape. */
const encodeSegment = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
};

/** A path parameter: the fixture it names (so the request reaches the service), or something hostile. */
function pathParam(route: string, name: string): fc.Arbitrary<string> {
  const fixture =
    name === "slug"
      ? F.slug
      : name === "email"
        ? F.email
        : route.startsWith("/admin/newsletters")
          ? F.newsletterId
          : F.agentId;
  const hostile = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 30 }),
    fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 500)),
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(fixture) },
    { weight: 3, arbitrary: hostile.map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom("%", "%E0%A4%A", "%2F..%2F", "a%00b", "%F0%9F%98") },
  );
}

/** A number JSON reads as ±Infinity: written in the body where the sentinel string stood. */
const NON_FINITE = "@@1e309@@";
const hasNonFinite = (body: string | undefined) => /[:,[]\s*-?1e309\b/.test(body ?? "");
const anyNonFinite = (value: unknown): boolean =>
  typeof value === "number"
    ? !Number.isFinite(value)
    : !!value && typeof value === "object" && Object.values(value).some(anyNonFinite);

/**
 * A JSON body as sent on the wire: fuzzed values, a nearly valid body, one with ±1e309 in a field, or text
 * that is not JSON at all.
 */
function wireBody(key: string, keys: string[]): fc.Arbitrary<string> {
  const valid = VALID[key];
  const values = valid ? fc.oneof(fuzzBody(keys), nearlyValid(valid)) : fuzzBody(keys);
  const nonFinite = (valid ? nearlyValid(valid, fc.constant(NON_FINITE)) : fuzzBody(keys)).chain((v) =>
    fc.constantFrom("1e309", "-1e309").map((n) => JSON.stringify(v).replaceAll(`"${NON_FINITE}"`, n)),
  );
  return fc.oneof(
    { weight: 9, arbitrary: values.map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: nonFinite },
    { weight: 1, arbitrary: fc.constantFrom("{", "", '{"name":', "[]", "\u0000", "null", '"x"') },
  );
}

describe("fuzzing the admin writes", () => {
  const writes = adminWrites();

  it("finds every admin write of the REST API in the OpenAPI document", () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: string; meta?: { openapi?: { method: string; path: string } } } }
    >;
    const restAdminMutations = Object.entries(procedures)
      .filter(([name, p]) => name.startsWith("admin.") && p._def.type === "mutation" && p._def.meta?.openapi)
      .map(([, p]) => `${p._def.meta!.openapi!.method} ${p._def.meta!.openapi!.path}`)
      .sort();
    expect(writes.map((w) => `${w.method} ${w.route}`).sort()).toEqual(restAdminMutations);
    expect(writes.length).toBeGreaterThanOrEqual(16);
  });

  it("answers every malformed admin request without a 5xx or internals; rejected ones change no row", async () => {
    const request = fc.oneof(
      ...writes.map(({ method, route, keys }) => {
        const params = [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
        const key = `${method} ${route}`;
        return fc
          .record({
            params: fc.tuple(...params.map((p) => pathParam(route, p))),
            body: method === "DELETE" ? fc.constant(undefined) : wireBody(key, keys),
          })
          .map(({ params: values, body }) => ({
            method,
            key,
            url: params.reduce((url, p, i) => url.replace(`{${p}}`, values[i]!), route),
            body,
          }));
      }),
    );
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ method, key, url, body }) => {
        await ensureFixtures();
        // Accepted executions draft an article: a fresh title each time keeps their slugs apart.
        openai.draft = { ...DEFAULT_DRAFT, title: `${DEFAULT_DRAFT.title} ${randomBytes(3).toString("hex")}` };
        const before = await fingerprints();
        const res = await rest(method, url, body);
        const answer = await res.text();
        const context = `${method} ${url} ${body?.slice(0, 200)} → ${res.status} ${answer.slice(0, 300)}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
        expect(res.status, context).toBeLessThan(500);
        if (hasNonFinite(body)) expect(res.status, context).toBe(400);
        if (res.ok) {
          await settleInProcessJobs(); // what an accepted request started must not land in the next snapshot
          return;
        }
        expectNoInternals(answer, context);
        expect(JSON.parse(answer), context).toMatchObject({ error: expect.any(String), code: expect.any(String) });
        expect(await fingerprints(), context).toEqual(before);
      }),
      { numRuns: 250 },
    );
    expect([...seen.keys()].sort()).toEqual(writes.map((w) => `${w.method} ${w.route}`).sort());
  }, 120_000);

  it("the admin mutations only tRPC serves get the same treatment", async () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: string; meta?: { openapi?: unknown } } }
    >;
    const names = Object.keys(procedures).filter(
      (n) => n.startsWith("admin.") && procedures[n]!._def.type === "mutation" && !procedures[n]!._def.meta?.openapi,
    );
    expect(names).toEqual(
      expect.arrayContaining(["admin.users.promote", "admin.users.demote", "admin.contactMessages.markRead"]),
    );
    const valid: Record<string, Record<string, unknown>> = {
      "admin.users.promote": { userId: F.userId },
      "admin.users.demote": { userId: F.userId },
      "admin.contactMessages.markRead": { id: F.contactId },
    };
    const caller = createCaller(createInnerContext({ session: adminSession })) as unknown as Record<string, unknown>;
    const call = (name: string, input: unknown) =>
      (
        name.split(".").reduce((o, k) => (o as Record<string, unknown>)[k], caller as unknown) as (
          i: unknown,
        ) => unknown
      )(input);
    const input = (name: string) =>
      valid[name] ? fc.oneof(fuzzBody(["userId", "id"]), nearlyValid(valid[name])) : fuzzBody(["userId", "id"]);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(...names.map((n) => input(n).map((i) => ({ name: n, input: i })))),
        async ({ name, input }) => {
          await ensureFixtures();
          const before = await fingerprints();
          const outcome = await Promise.resolve(call(name, input)).then(
            () => null,
            (err: { code?: string; message?: string }) => err,
          );
          const context = `${name} ${JSON.stringify(input)?.slice(0, 200)} → ${outcome?.code} ${outcome?.message}`;
          // fc.double() gives ±Infinity and NaN too: refused, whatever field holds them.
          if (anyNonFinite(input)) expect(outcome?.code, context).toBe("BAD_REQUEST");
          if (!outcome) return;
          expect(outcome.code, context).not.toBe("INTERNAL_SERVER_ERROR");
          expectNoInternals(outcome.message ?? "", context);
          expect(await fingerprints(), context).toEqual(before);
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);
});

type IntlProps = ComponentProps<typeof NextIntlClientProvider>;
type TrpcProps = ComponentProps<typeof api.Provider>;

describe("stored text renders inert", () => {
  const admin = createCaller(createInnerContext({ session: adminSession })).admin;
  const intl = (children: ReactNode) =>
    h(NextIntlClientProvider, { locale: "es", messages, timeZone: "Europe/Madrid" } as IntlProps, children);
  const render = (node: ReactNode) => renderToStaticMarkup(intl(node));

  /**
   * The public article page's pieces, given what the page passes them, as one HTML string. Cards and bylines
   * through their views with the texts their server wrappers give them (the wrappers read the request); topic
   * badges as TopicBadges draws them.
   */
  const topicLabels = codeTranslatorFor("es", "taxonomy.topics" as "taxonomy");
  function articlePageHtml(a: ReturnType<typeof toArticleDto>) {
    return [
      render(h(ArticleCardView, { article: a, size: "large", texts: cardTexts("es"), locale: "es" })),
      render(h(BylineView, { piece: a, date: a.date, texts: cardTexts("es"), locale: "es" })),
      ...a.topics.map((topic) =>
        render(h(Badge, { variant: topicBadgeVariant(topic) }, taxonomyLabel(topicLabels, topic))),
      ),
      render(h(TagList, { tags: a.tags, max: a.tags.length })),
      render(h(Prose, { markdown: a.body_es })),
      render(h(Prose, { markdown: a.body_en ?? "" })),
      render(h(ExternalLinks, { links: a.sources, ordered: true })),
      render(
        h(JsonLd, {
          data: {
            headline: a.title_es,
            description: a.summary_es,
            author: { name: a.author_name ?? a.author },
            keywords: a.tags.join(", "),
          },
        }),
      ),
    ].join("\n");
  }

  /** The admin panel's contact messages section, fed the data its query returns. */
  function contactSectionHtml(data: unknown) {
    const queryClient = new QueryClient();
    queryClient.setQueryData(getQueryKey(api.admin.contactMessages.list, { page: 1, pageSize: 10 }, "query"), data);
    const trpc = api.createClient({
      links: [httpLink({ url: "http://127.0.0.1:9/api/trpc", transformer: superjson })],
    });
    return render(
      h(
        QueryClientProvider,
        { client: queryClient },
        h(api.Provider, { client: trpc, queryClient } as TrpcProps, h(ContactMessagesSection)),
      ),
    );
  }

  it("any markup in a text field comes out of the renderers inert (property)", async () => {
    fc.assert(
      fc.property(markupPayload, markupPayload, (text, other) => {
        const now = new Date();
        const article = toArticleDto({
          ...({} as Parameters<typeof toArticleDto>[0]),
          slug: "x",
          title_es: text,
          title_en: other,
          summary_es: other,
          summary_en: text,
          body_es: text,
          body_en: `${other}\n\n${text}`,
          date: now,
          type: "analisis",
          tags: [text, other],
          topics: [text],
          author: text,
          author_name: other,
          is_agent: true,
          sponsored: false,
          image_url: null,
          // As the write path stores them (writeDraft): only http(s) links survive.
          sources: citedSources([
            { name: text, url: text },
            { name: other, url: `https://www.boe.es/${other}` },
          ]),
        });
        const html = articlePageHtml(article);
        expect(executableBits(html), html).toEqual([]);
        expect(executableBits(renderMarkdown(text))).toEqual([]);
        const contact = contactSectionHtml({
          items: [
            {
              id: "m",
              name: text,
              email: "a@example.com",
              organization: other,
              reason: text,
              message: `${other}\n${text}`,
              locale: "es",
              created_at: now,
              read_at: null,
            },
          ],
          total: 1,
          page: 1,
          pageSize: 10,
        });
        expect(executableBits(contact), contact).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("agent names and agent-written articles carrying markup are stored as written and render inert", async () => {
    const vector = fc.constantFrom(...XSS_VECTORS);
    await fc.assert(
      fc.asyncProperty(vector, vector, vector, async (a, b, c) => {
        const created = await rest(
          "POST",
          "/agents",
          JSON.stringify({
            name: a,
            config: { content: { topics: "x", sourceUrls: [sources.urlOf("/ai-office/consultation")] } },
          }),
        );
        expect(created.status).toBe(200);
        const agent = (await created.json()) as Record<string, unknown>;
        expect(agent.name).toBe(a.trim());
        const activated = await rest("PUT", `/agents/${agent.id}`, JSON.stringify({ ...agent, status: "active" }));
        expect(activated.status).toBe(200);
        openai.draft = {
          ...DEFAULT_DRAFT,
          title: `${b} ${randomBytes(3).toString("hex")}`,
          summary: c,
          body: `${a}\n\n${b}\n\n${c}`,
          tags: [a, b],
          topics: [c],
          sources: [
            { name: b, url: c },
            { name: a, url: "javascript:alert(1)" },
            { name: "BOE", url: "https://www.boe.es/" },
          ],
        };
        const started = await rest("POST", `/agents/${agent.id}/execute`, "{}");
        expect(started.status).toBe(200);
        const { run } = (await started.json()) as { run: { id: string } };
        await settleInProcessJobs();
        const row = await db.article.findUniqueOrThrow({ where: { agent_run_id: run.id } });
        // Stored as written (the agent's name signs the article)…
        expect(row.body_es).toContain(a.trim());
        expect(row.author).toBe(agent.name);
        const article = toArticleDto(row);
        expect(article.sources.every((s) => /^https?:\/\//.test(s.url))).toBe(true);
        // …and rendered inert on the public page and in the admin preview (bodies rendered on the server).
        const preview = await admin.publications.rendered({ slug: article.slug });
        for (const html of [articlePageHtml(article), preview.es, preview.en])
          expect(executableBits(html), html).toEqual([]);
      }),
      { numRuns: 12 },
    );

    // The week's newsletter picks those articles up once approved: its e-mail HTML is inert too.
    const drafts = await db.article.findMany({ where: { status: "draft", is_agent: true }, select: { slug: true } });
    for (const { slug } of drafts) await rest("PUT", `/articles/${slug}`, JSON.stringify({ status: "published" }));
    const generated = await rest("POST", "/admin/newsletters/generate", "{}");
    expect(generated.status).toBe(200);
    const { id } = (await generated.json()) as { id: string };
    for (const locale of ["es", "en"] as const) {
      const mail = await newsletterPreviewHtml(db, id, locale);
      expect(executableBits(mail), mail).toEqual([]);
    }
  }, 60_000);

  it("contact messages with markup are stored as written and render inert in the admin panel and the mail", async () => {
    const field = fc.oneof(fc.constantFrom(...XSS_VECTORS), markupPayload);
    await fc.assert(
      fc.asyncProperty(field, field, field, async (name, organization, message) => {
        const input = {
          name: name.trim().slice(0, 120) || "x",
          email: `c.${randomBytes(4).toString("hex")}@example.org`,
          organization: organization.slice(0, 160),
          reason: "other",
          message: message.trim().slice(0, 5000) || "x",
          privacy: true,
        };
        const res = await rest("POST", "/contact", JSON.stringify(input));
        const answer = await res.text();
        expect(res.status, answer).toBeLessThan(500);
        if (!res.ok) return; // e.g. an organization the validator refuses; the fuzz test covers rejections
        const { id } = JSON.parse(answer) as { id: string };
        await settleInProcessJobs();
        const stored = await db.contactMessage.findUniqueOrThrow({ where: { id } });
        expect(stored.message).toBe(input.message.trim());
        const list = await admin.contactMessages.list({ page: 1, pageSize: 10 });
        expect(list.items[0]?.id).toBe(id);
        const panel = contactSectionHtml(list);
        expect(executableBits(panel), panel).toEqual([]);
        const mails = await db.emailMessage.findMany({
          where: {
            tag: { in: ["contact-notification", "contact-acknowledgement"] },
            created_at: { gte: stored.created_at },
          },
        });
        expect(mails.length).toBeGreaterThanOrEqual(2);
        for (const m of mails) expect(executableBits(m.html), m.html).toEqual([]);
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
