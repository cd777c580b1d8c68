import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SOURCE_PAGES } from "../support/fake-sources.ts";
import { until } from "../support/until.ts";
import { screenshot } from "./browser.ts";
import {
  createActiveAggregator,
  executeAgent,
  type GroundedServer,
  SLOW,
  sqlOn,
  startGroundedServer,
} from "./grounded-server.ts";
import { jobTrigger } from "./job-trigger.ts";
import { axeViolations } from "./site-helpers.ts";

/**
 * A changed official source, end to end in Chromium, on a production server of its own with a fake OpenAI and
 * fake official sites: an agent publishes a verified article and a reader follows its figure to the passage on
 * /fuentes; the source then revises that figure and the link check (the job, sent as a manual run) lists the
 * article under "Fuentes cambiadas" with the old and new passage; the editor writes the correction from there,
 * and the reader sees it on the article, on /correcciones and in the feed item's updated date.
 */
const run = Date.now().toString(36);
const TEST_TIMEOUT = 300_000;
const CONSULTATION = "/ai-office/consultation";
const original = SOURCE_PAGES[CONSULTATION]!;
const DRAFT = {
  title: `Contribuciones a la Oficina de IA ${run}`,
  summary: "La Oficina de IA hace balance de su consulta anterior.",
  body:
    "## Consulta\n\nLa Comisión Europea ha abierto una consulta pública sobre sistemas de IA de alto riesgo [1]. " +
    "La Oficina de IA recibió 1.200 contribuciones a su consulta anterior [1].",
  topics: ["regulacion"],
  tags: ["AI Act"],
  sources: [],
};
const DRAFT_EN = {
  title: `Contributions to the AI Office ${run}`,
  summary: "The AI Office takes stock of its previous consultation.",
  body:
    "## Consultation\n\nThe European Commission has opened a public consultation on high-risk AI systems [1]. " +
    "The AI Office received 1,200 contributions to its previous consultation [1].",
};
const NOTE = "La Oficina ha corregido la cifra: recibió 1.500 contribuciones, no 1.200.";

let grounded: GroundedServer;
let baseUrl: string;
let editor: Page;
let reader: Page;
let slug: string;

beforeAll(async () => {
  grounded = await startGroundedServer("changed-sources");
  baseUrl = grounded.server.baseUrl;
  editor = grounded.page;
  reader = await (await grounded.browser.newContext({ timezoneId: "Europe/Madrid" })).newPage();
}, 300_000);
afterAll(async () => {
  await grounded?.close();
});

const sql = (text: string, params: unknown[]) => sqlOn(grounded.databaseUrl, text, params);
const feedItemUpdated = async () => {
  const xml = await (await fetch(`${baseUrl}/rss`)).text();
  const item = xml.split("<item>").find((i) => i.includes(`/noticias/${slug}<`)) ?? "";
  return item.match(/<atom:updated>([^<]+)<\/atom:updated>/)?.[1] ?? null;
};

describe("a source changes a published figure: Fuentes cambiadas, the correction, and what readers see", () => {
  it(
    "an agent publishes the article verified; a reader follows its figure to the passage on /fuentes",
    async () => {
      const agentName = `Agregador de fuentes ${run}`;
      await createActiveAggregator(grounded, agentName);
      grounded.rssItems.splice(0, grounded.rssItems.length, {
        title: `AI Office contributions ${run}`,
        url: grounded.sources.urlOf(CONSULTATION),
      });
      grounded.openai.draft = DRAFT;
      grounded.openai.translation = DRAFT_EN;
      await executeAgent(editor, agentName);
      const [stored] = await sql("SELECT slug, status, review_required FROM articles WHERE title_es = $1", [
        DRAFT.title,
      ]);
      expect(stored).toMatchObject({ status: "published", review_required: false });
      slug = stored.slug;

      await reader.goto(`${baseUrl}/noticias/${slug}`);
      const box = reader.getByTestId("verification-box");
      await box.getByRole("heading", { name: "Cómo lo hemos verificado" }).waitFor(SLOW);
      const figure = box.getByTestId("verification-claims").locator("li").filter({ hasText: "1.200" });
      await figure.getByRole("link", { name: "ver el pasaje" }).click();
      await reader.waitForURL(`**/noticias/${slug}/fuentes#*`);
      const passage = reader.locator(new URL(reader.url()).hash);
      expect(await passage.getByTestId("passage").textContent()).toContain("1,200 contributions");
    },
    TEST_TIMEOUT,
  );

  it(
    "the source revises the figure; the link check lists the article in Fuentes cambiadas with both passages",
    async () => {
      grounded.sources.revise(CONSULTATION, {
        ...original,
        paragraphs: original.paragraphs.map((p) => p.replace("1,200 contributions", "1,500 contributions")),
      });
      const jobs = await jobTrigger(grounded.databaseUrl);
      try {
        await jobs.send("articles/sources.link-check", { all: true });
      } finally {
        await jobs.stop();
      }
      await until("the link check's changed source", async () => {
        const rows = await sql(
          "SELECT 1 FROM changed_sources c JOIN articles a ON a.id = c.article_id WHERE a.slug = $1",
          [slug],
        );
        return rows.length > 0;
      });

      await editor.goto(`${baseUrl}/admin/publicaciones`);
      await editor.getByTestId("admin-tab-publications").waitFor(SLOW);
      const tab = editor.getByTestId("publications-changed-sources-tab");
      await tab.getByText("Fuentes cambiadas (1)").waitFor(SLOW);
      await tab.click();
      const row = editor.getByTestId("changed-source").filter({ hasText: DRAFT.title });
      await row.waitFor(SLOW);
      expect(await row.textContent()).toContain(grounded.sources.urlOf(CONSULTATION));
      const claim = row.getByTestId("changed-claim").filter({ hasText: "1.200 contribuciones" });
      await claim.getByTestId("changed-old").getByText("1,200 contributions", { exact: false }).waitFor();
      await claim.getByTestId("changed-new").getByText("1,500 contributions", { exact: false }).waitFor();
      expect(await claim.getByTestId("changed-old").isVisible()).toBe(true);
      expect(await claim.getByTestId("changed-new").isVisible()).toBe(true);
      await screenshot(editor, "changed-sources-tab");
      // Any toast fades first: axe judges the tab, not a notice passing over it.
      await expect.poll(() => editor.locator("[data-sonner-toast]").count(), { timeout: 15_000 }).toBe(0);
      expect(await axeViolations(editor)).toEqual([]);
    },
    TEST_TIMEOUT,
  );

  it(
    "the editor writes the correction from there; readers see it on the article, on /correcciones and in the feed",
    async () => {
      // The feed after the link check's re-verification: the correction alone moves its date on.
      const feedUpdatedBefore = await feedItemUpdated();
      expect(feedUpdatedBefore).not.toBeNull();
      const row = editor.getByTestId("changed-source").filter({ hasText: DRAFT.title });
      await row.getByRole("button", { name: "Escribir una corrección" }).click();
      const form = editor.getByTestId("article-preview-dialog").getByTestId("desk-edit-form");
      const body = form.locator("#desk-body-es");
      await body.waitFor(SLOW);
      await body.fill((await body.inputValue()).replace("1.200", "1.500"));
      await form.getByTestId("desk-save").click();
      // A changed figure on a published article: the desk asks for the note readers will see.
      await form.getByTestId("desk-error").waitFor(SLOW);
      expect(await form.getByTestId("desk-error").textContent()).toMatch(/nota de corrección/i);
      await form.locator("#desk-correction-es").fill(NOTE);
      await form.getByTestId("desk-save").click();
      await editor.getByText("Cambios guardados").first().waitFor(SLOW);
      await screenshot(editor, "changed-sources-corrected");

      await reader.goto(`${baseUrl}/noticias/${slug}`);
      const correction = reader.getByTestId("article-correction");
      await correction.waitFor(SLOW);
      expect(await correction.textContent()).toMatch(new RegExp(`^Corrección, \\d{1,2} de \\w+ de \\d{4}: ${NOTE}$`));
      expect(await reader.getByText("1.500 contribuciones").count()).toBeGreaterThan(0);
      await reader.goto(`${baseUrl}/correcciones`);
      const listed = reader.getByTestId("correction-row").filter({ hasText: NOTE });
      await listed.waitFor(SLOW);
      expect(await listed.getByRole("link").first().getAttribute("href")).toBe(`/noticias/${slug}`);
      const updatedAfter = await feedItemUpdated();
      expect(new Date(updatedAfter!).getTime()).toBeGreaterThan(new Date(feedUpdatedBefore!).getTime());
    },
    TEST_TIMEOUT,
  );
});
