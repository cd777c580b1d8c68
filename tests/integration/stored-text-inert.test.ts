import { randomBytes } from "node:crypto";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { httpLink } from "@trpc/client";
import { getQueryKey } from "@trpc/react-query";
import fc from "fast-check";
import { NextIntlClientProvider } from "next-intl";
import { type ComponentProps, createElement as h, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import { DEFAULT_DRAFT } from "../support/fake-openai.ts";
import { executableBits, markupPayload, XSS_VECTORS } from "../support/fuzz.ts";
import { startFuzzAdminApp } from "../support/fuzz-admin-app.ts";

/**
 * Stored text renders inert: markup accepted into articles, agent names and contact messages by a signed-in
 * admin's writes comes out of the site's renderers (public article page, admin panel, previews, newsletter and
 * contact mail) with nothing a browser would execute. The file has its own database.
 */
const { adminSession, openai, sources, db, settleInProcessJobs, rest } = await startFuzzAdminApp("fuzzinert");
const { createCaller } = await import("~/server/api/root.ts");
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
const messages = await loadMessages("es");

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
