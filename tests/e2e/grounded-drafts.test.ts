import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeOpenAi } from "../support/fake-openai.ts";
import type { FakeSources } from "../support/fake-sources.ts";
import { screenshot } from "./browser.ts";
import { FABRICATED, FABRICATED_EN, FAITHFUL, FAITHFUL_EN, INVENTED_QUOTE, RUN } from "./grounded-drafts-fixtures.ts";
import {
  createActiveAggregator,
  executeAgent,
  type GroundedServer,
  SLOW,
  sqlOn,
  startGroundedServer,
} from "./grounded-server.ts";

/**
 * Grounded drafts end to end, through the app in Chromium: a production server of its own (the E2E build),
 * whose feed, official sites and OpenAI are loopback fakes this file scripts. An active news aggregator with
 * auto_publish publishes the faithful draft with a verified report; the draft with an invented quotation
 * waits in Pendientes with the finding shown; the editor fixes the sentence, saves (verified) and approves. A
 * headline with a figure no source states is held too, highlighted in the preview's title in both languages.
 */
const run = RUN;
const TEST_TIMEOUT = 300_000;

let grounded: GroundedServer;
let server: GroundedServer["server"];
let openai: FakeOpenAi;
let sources: FakeSources;
let rssItems: GroundedServer["rssItems"];
let page: Page;

beforeAll(async () => {
  grounded = await startGroundedServer("grounded");
  ({ server, openai, sources, rssItems, page } = grounded);
}, 300_000);

afterAll(async () => {
  await grounded?.close();
});

const sql = (text: string, params: unknown[]) => sqlOn(grounded.databaseUrl, text, params);

async function storedArticle(title: string) {
  const rows = await sql("SELECT status, review_required FROM articles WHERE title_es = $1", [title]);
  return rows[0] ?? null;
}

async function openPublications() {
  await page.getByRole("tab", { name: "Publicaciones" }).click();
  await page.getByTestId("admin-tab-publications").waitFor();
  await page.getByTestId("publications-refresh").click();
}

describe("grounded drafts through the desk", () => {
  const agentName = `Agregador verificado ${run}`;

  it(
    "an active news aggregator with auto_publish publishes the faithful draft with a verified report",
    async () => {
      await createActiveAggregator(grounded, agentName);

      // The feed's one new item points at an official page (the loopback stand-in); the model writes faithfully.
      rssItems.splice(0, rssItems.length, {
        title: `AI Act high-risk consultation ${run}`,
        url: sources.urlOf("/ai-office/consultation"),
      });
      openai.draft = FAITHFUL;
      openai.translation = FAITHFUL_EN;
      await executeAgent(page, agentName);
      // The draft was written from the page's text, fetched before drafting.
      expect(JSON.stringify(openai.chatRequests("article_draft")[0]?.body)).toContain("Stakeholders can reply until");

      // What the run stored, so a miss below says whether the article waited for review or the list lagged.
      expect(await storedArticle(FAITHFUL.title)).toEqual({ status: "published", review_required: false });

      await openPublications();
      await page.getByTestId("publications-approved-tab").click();
      const published = page.getByTestId("publications-approved").getByTestId("publication-row");
      await published.filter({ hasText: FAITHFUL.title }).first().waitFor(SLOW);
      expect(await page.getByTestId("publications-pending").getByText(FAITHFUL.title).count()).toBe(0);
      await published.filter({ hasText: FAITHFUL.title }).first().getByTestId("publication-preview").click();
      const dialog = page.getByTestId("article-preview-dialog");
      await dialog.getByTestId("verification-status").and(page.locator('[data-status="verified"]')).waitFor(SLOW);
      await dialog.getByTestId("verification-sources").locator('[data-state="fetched"]').first().waitFor();
      expect(await dialog.getByTestId("verification-findings").count()).toBe(0);
      await screenshot(page, "grounded-verified");
      await dialog.getByRole("button", { name: "Cerrar" }).first().click();
      const slug = await published.filter({ hasText: FAITHFUL.title }).first().getAttribute("data-slug");
      expect((await page.request.get(`${server.baseUrl}/noticias/${slug}`)).status()).toBe(200);
    },
    TEST_TIMEOUT,
  );

  it(
    "the draft with an invented quotation waits in Pendientes with the finding shown in the preview",
    async () => {
      await page.getByRole("tab", { name: "Agentes IA" }).click();
      await page.getByTestId("admin-tab-agents").waitFor();
      rssItems.splice(0, rssItems.length, {
        title: `AISI frontier trends ${run}`,
        url: sources.urlOf("/aisi/frontier-trends"),
      });
      openai.draft = FABRICATED;
      openai.translation = FABRICATED_EN;
      await executeAgent(page, agentName);

      await openPublications();
      await page.getByTestId("publications-pending-tab").click();
      const row = page.getByTestId("publications-pending").getByTestId("publication-row").filter({
        hasText: FABRICATED.title,
      });
      await row.first().waitFor(SLOW);
      await row.first().getByTestId("publication-preview").click();
      const dialog = page.getByTestId("article-preview-dialog");
      await dialog
        .getByTestId("verification-status")
        .and(page.locator('[data-status="needs_review"], [data-status="failed"]'))
        .waitFor(SLOW);
      const finding = dialog.getByTestId("verification-findings").locator('[data-check="quote_not_found"]');
      await finding.first().waitFor();
      expect(await finding.first().textContent()).toContain(INVENTED_QUOTE);
      // The unsupported quotation is highlighted in the body, in Spanish and in English.
      await dialog.getByTestId("unsupported-claim").filter({ hasText: "The AI Act will be paused" }).first().waitFor();
      await dialog.getByRole("tab", { name: "English" }).click();
      await dialog
        .getByTestId("preview-body")
        .getByTestId("unsupported-claim")
        .filter({ hasText: "The AI Act will be paused" })
        .first()
        .waitFor();
      await screenshot(page, "grounded-finding");
    },
    TEST_TIMEOUT,
  );

  it(
    "the editor fixes the sentence in the desk, saves (now verified) and approves",
    async () => {
      const dialog = page.getByTestId("article-preview-dialog");
      await dialog.getByTestId("preview-edit").click();
      const form = dialog.getByTestId("desk-edit-form");
      await form
        .getByTestId("desk-body-es")
        .fill("El Instituto evaluó modelos de frontera [1]. Las capacidades se duplicaron cada ocho meses [1].");
      await form
        .getByTestId("desk-body-en")
        .fill(
          "The Institute evaluated frontier models [1]. Cyber capabilities doubled roughly every eight months [1].",
        );
      await form.getByTestId("desk-save").click();
      // Saving re-ran the check against the stored snapshots: the report is verified, nothing highlighted.
      await dialog.getByTestId("verification-status").and(page.locator('[data-status="verified"]')).waitFor(SLOW);
      expect(await dialog.getByTestId("verification-findings").count()).toBe(0);
      expect(await dialog.getByTestId("unsupported-claim").count()).toBe(0);
      await screenshot(page, "grounded-fixed");

      // Verified now: approving asks for no confirmation and publishes it.
      await dialog.getByTestId("preview-approve").click();
      await page.getByText("Artículo aprobado").first().waitFor(SLOW);
      expect(await page.getByTestId("confirm-dialog").count()).toBe(0);
      await page.getByTestId("publications-approved-tab").click();
      const row = page.getByTestId("publications-approved").getByTestId("publication-row").filter({
        hasText: FABRICATED.title,
      });
      await row.first().waitFor(SLOW);
      const slug = await row.first().getAttribute("data-slug");
      const res = await page.goto(`${server.baseUrl}/noticias/${slug}`);
      expect(res?.status()).toBe(200);
      await page.getByText("Las capacidades se duplicaron cada ocho meses").first().waitFor(SLOW);
      expect(await page.getByText("paused for two years").count()).toBe(0);
    },
    TEST_TIMEOUT,
  );

  it(
    "Fuentes caídas lists the published sources the weekly link check found dead",
    async () => {
      // The verdict as the job stores it (tests/integration/link-check.test.ts runs the job itself).
      await sql(
        `UPDATE source_snapshots SET checked_at = now(), check_state = 'dead', check_detail = 'http_status 404'
         WHERE url = $1 AND article_id IN (SELECT id FROM articles WHERE title_es = $2)`,
        [sources.urlOf("/ai-office/consultation"), FAITHFUL.title],
      );
      await page.goto(`${server.baseUrl}/admin/publicaciones`);
      await page.getByTestId("admin-tab-publications").waitFor(SLOW);
      await page.getByTestId("publications-dead-sources-tab").getByText("Fuentes caídas (1)").waitFor(SLOW);
      await page.getByTestId("publications-dead-sources-tab").click();
      const row = page.getByTestId("dead-source").filter({ hasText: FAITHFUL.title });
      await row.waitFor(SLOW);
      expect(await row.getAttribute("data-state")).toBe("dead");
      expect(await row.textContent()).toContain(sources.urlOf("/ai-office/consultation"));
      expect(await row.textContent()).toContain("http_status 404");
      await screenshot(page, "grounded-dead-sources");
    },
    TEST_TIMEOUT,
  );

  it(
    "auto_publish holds a draft whose headline states a figure no source has; the preview highlights it in es and en",
    async () => {
      await page.goto(`${server.baseUrl}/admin/agentes`);
      await page.getByTestId("admin-tab-agents").waitFor(SLOW);
      // The page says 1,200 contributions; the headlines say 12,000. The body is faithful.
      rssItems.splice(0, rssItems.length, {
        title: `AI Office contributions ${run}`,
        url: sources.urlOf("/ai-office/consultation?headline=1"),
      });
      const title = `La Oficina de IA recibió 12.000 contribuciones ${run}`;
      openai.draft = { ...FAITHFUL, title };
      openai.translation = { ...FAITHFUL_EN, title: `The AI Office received 12,000 contributions ${run}` };
      await executeAgent(page, agentName);
      expect(await storedArticle(title)).toEqual({ status: "draft", review_required: true });

      await openPublications();
      await page.getByTestId("publications-pending-tab").click();
      const row = page.getByTestId("publications-pending").getByTestId("publication-row").filter({ hasText: title });
      await row.first().waitFor(SLOW);
      await row.first().getByTestId("publication-preview").click();
      const dialog = page.getByTestId("article-preview-dialog");
      await dialog.getByTestId("verification-status").and(page.locator('[data-status="needs_review"]')).waitFor(SLOW);
      const findings = dialog.getByTestId("verification-findings").locator('[data-field="title"]');
      await findings.first().waitFor();
      expect(await findings.evaluateAll((els) => els.map((e) => e.getAttribute("data-lang")))).toEqual(["es", "en"]);
      const marked = (text: string) =>
        dialog.getByTestId("preview-title").getByTestId("unsupported-claim").filter({ hasText: text }).first();
      await marked("12.000").waitFor();
      await dialog.getByRole("tab", { name: "English" }).click();
      await marked("12,000").waitFor();
      await screenshot(page, "grounded-headline-finding");
      expect(await dialog.getByTestId("preview-body").getByTestId("unsupported-claim").count()).toBe(0);
    },
    TEST_TIMEOUT,
  );
});
