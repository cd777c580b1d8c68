import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { extractFacts } from "~/features/grounding/facts/extract.ts";
import { FACTS_VERSION, type SourceFacts } from "~/features/grounding/facts/types.ts";
import type { FetchOutcome } from "~/platform/providers/source-fetcher/index.ts";
import { buildArticle } from "../support/builders.ts";
import { type GroundedApp, startGroundedApp } from "../support/grounded-app.ts";

/**
 * Sources are read once into facts when their copy is stored: the snapshot keeps them with the extractor's
 * version, a changed copy gets its own, and stale ones are read again. The extractor's own findings on this
 * text (a quotation with its speaker, an amount) are what the desk and /fuentes show.
 */
let grounded: GroundedApp;
let app: GroundedApp["app"];
const unique = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  grounded = await startGroundedApp();
  app = grounded.app;
}, 180_000);
afterAll(() => grounded?.close());
beforeEach(() => grounded.sources.reset());

const QUOTE = "Los datos biométricos no son un recurso gratuito.";
const SAID = `La directora, Marta Villaseñor Ruiz, ha señalado: «${QUOTE}»`;
const FINE = "La multa asciende a 2,4 millones de euros.";
const TEXT = `${SAID}\n${FINE}`;
const INTRO =
  "La Agencia Española de Protección de Datos ha resuelto el procedimiento sancionador contra una empresa de " +
  "reconocimiento facial que trataba datos biométricos de clientes sin una base legal suficiente.";
const APPEAL = "La resolución puede recurrirse ante la Audiencia Nacional en el plazo de dos meses desde mañana.";

/** What the real extractor certainly finds in TEXT (fails until it lands: the stub finds nothing). */
function expectExtracted(facts: SourceFacts | null | undefined) {
  expect(facts?.quotes.length).toBeGreaterThanOrEqual(1);
  expect(facts?.figures.some((f) => f.kind === "amount")).toBe(true);
}

const okOutcome = (url: string, text: string): FetchOutcome => ({
  ok: true,
  url,
  finalUrl: url,
  status: 200,
  fetchedAt: new Date(),
  contentHash: `hash-${unique}-${text.length}`,
  title: "Resolución sancionadora",
  text,
  kind: "html",
  etag: null,
  lastModified: null,
  notModified: false,
  truncated: false,
});

const snapshots = () => import("~/features/grounding/source-snapshots.ts");
const json = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe("source facts are read when a copy is stored", () => {
  it("a stored snapshot carries its facts and the extractor's version; a refused one none", async () => {
    const { storeSnapshots } = await snapshots();
    const [ok, refused] = await storeSnapshots(
      app.db,
      [
        okOutcome(`https://www.aepd.es/stored-${unique}`, TEXT),
        { ok: false, url: "https://www.aepd.es/gone", finalUrl: null, reason: "network", status: null, detail: "x" },
      ],
      {},
    );
    const row = await app.db.sourceSnapshot.findUniqueOrThrow({ where: { id: ok!.id } });
    expect(row.facts_version).toBe(FACTS_VERSION);
    expect(row.facts).toEqual(json(extractFacts(TEXT)));
    const none = await app.db.sourceSnapshot.findUniqueOrThrow({ where: { id: refused!.id } });
    expect(none.facts).toBeNull();
    expect(none.facts_version).toBeNull();
    const { toSnapshotView } = await snapshots();
    expect(toSnapshotView(row).facts).toEqual(extractFacts(TEXT));
    expectExtracted(toSnapshotView(row).facts);
  });

  it("the link check stores a changed copy with the facts of its new text; the desk and the verifier get them", async () => {
    const path = `/aepd/resolucion-${unique}`;
    const { sources } = grounded;
    sources.revise(path, { title: "Resolución sancionadora", paragraphs: [INTRO, SAID, APPEAL] });
    const article = await buildArticle(app.db, {
      slug: `facts-recheck-${unique}`,
      title_es: "Resolución sobre datos biométricos",
      body_es: `La directora Marta Villaseñor Ruiz ha señalado: «${QUOTE}» [1]`,
      sources: [{ name: "AEPD", url: sources.urlOf(path) }],
      // A draft: other files' link checks of every published article never touch it (their fetchers refuse
      // this host); the check below is the link check's own, on this article.
    });
    await app.admin.admin.verification.reverify({ slug: article.slug });
    sources.revise(path, { title: "Resolución sancionadora", paragraphs: [INTRO, SAID, FINE, APPEAL] });
    const [{ checkArticleSources }, { revisionReports }] = await Promise.all([
      import("~/features/grounding/link-check.ts"),
      import("~/features/publications/index.ts"),
    ]);
    await checkArticleSources(app.db, revisionReports, [article.id]);

    const copies = await app.db.sourceSnapshot.findMany({
      where: { article_id: article.id, ok: true },
      orderBy: { created_at: "asc" },
    });
    expect(copies).toHaveLength(2);
    const [old, fresh] = copies as [(typeof copies)[0], (typeof copies)[0]];
    expect(fresh.text).toContain("2,4 millones de euros");
    expect(old.facts_version).toBe(FACTS_VERSION);
    expect(old.facts).toEqual(json(extractFacts(old.text)));
    expect(fresh.facts_version).toBe(FACTS_VERSION);
    expect(fresh.facts).toEqual(json(extractFacts(fresh.text)));

    // The desk's "Fuentes consultadas" reads them with the copy.
    const shown = await app.admin.admin.verification.snapshot({ id: fresh.id });
    expect(shown.facts).toEqual(extractFacts(fresh.text));
    // The verifier is handed each source's facts with its text.
    const [{ articleSnapshots }, { sourcesForCheck }] = await Promise.all([
      snapshots(),
      import("~/features/grounding/verify-article.ts"),
    ]);
    const [checked] = sourcesForCheck([{ url: sources.urlOf(path) }], await articleSnapshots(app.db, article.id));
    expect(checked?.facts).toEqual(extractFacts(fresh.text));
    expectExtracted(fresh.facts as unknown as SourceFacts);
    expect((fresh.facts as unknown as SourceFacts).figures.length).toBeGreaterThan(
      (old.facts as unknown as SourceFacts).figures.length,
    );

    // An unchanged page adds no copy, but the copy an older extractor read gets the current facts.
    await app.db.sourceSnapshot.update({
      where: { id: fresh.id },
      data: { facts: { version: 0, quotes: [], figures: [] }, facts_version: FACTS_VERSION - 1 },
    });
    await checkArticleSources(app.db, revisionReports, [article.id]);
    expect(await app.db.sourceSnapshot.count({ where: { article_id: article.id, ok: true } })).toBe(2);
    const refreshed = await app.db.sourceSnapshot.findUniqueOrThrow({ where: { id: fresh.id } });
    expect(refreshed.facts_version).toBe(FACTS_VERSION);
    expect(refreshed.facts).toEqual(json(extractFacts(fresh.text)));
  }, 120_000);

  it("factsOf serves stored facts of the current version and reads the text again when they are older", async () => {
    const [{ storeSnapshots, toSnapshotView }, { factsOf }] = await Promise.all([
      snapshots(),
      import("~/features/grounding/facts/stored.ts"),
    ]);
    const [stored] = await storeSnapshots(app.db, [okOutcome(`https://www.aepd.es/old-${unique}`, TEXT)], {});
    const marker: SourceFacts = {
      version: FACTS_VERSION,
      quotes: [{ text: "marcador", speaker: null, how: "unknown", line: 0 }],
      figures: [],
    };
    const current = await app.db.sourceSnapshot.update({
      where: { id: stored!.id },
      data: { facts: json(marker) as object, facts_version: FACTS_VERSION },
    });
    // The current extractor's facts are served as stored (no second reading).
    expect(factsOf(toSnapshotView(current))).toEqual(marker);

    const older = await app.db.sourceSnapshot.update({
      where: { id: stored!.id },
      data: { facts: json({ ...marker, version: FACTS_VERSION - 1 }) as object, facts_version: FACTS_VERSION - 1 },
    });
    const reread = factsOf(toSnapshotView(older));
    expect(reread).toEqual(extractFacts(TEXT));
    expect(reread.version).toBe(FACTS_VERSION);
    // A copy stored before facts existed (no column values) is read too.
    const before = await app.db.sourceSnapshot.update({
      where: { id: stored!.id },
      data: { facts: undefined, facts_version: null },
    });
    expect(factsOf(toSnapshotView(before))).toEqual(extractFacts(TEXT));
    expectExtracted(reread);
  });
});

describe("/fuentes shows the facts of each source the article relies on", () => {
  it("the quotation it quotes and the figure it states, with speaker and kind", async () => {
    const path = `/aepd/fuentes-${unique}`;
    const { sources } = grounded;
    sources.revise(path, { title: "Resolución sancionadora", paragraphs: [INTRO, SAID, FINE, APPEAL] });
    const article = await buildArticle(app.db, {
      slug: `facts-public-${unique}`,
      title_es: "Multa por datos biométricos",
      body_es: `La directora Marta Villaseñor Ruiz ha señalado: «${QUOTE}» [1] La multa asciende a 2,4 millones de euros [1].`,
      sources: [{ name: "AEPD", url: sources.urlOf(path) }],
      status: "published",
      published_at: new Date(),
    });
    const checked = await app.admin.admin.verification.reverify({ slug: article.slug });
    expect(checked.status).toBe("verified");
    const { readerFacts } = await import("~/features/publications/index.ts");
    const facts = await readerFacts(app.db, article.slug);
    expect(facts.map((s) => s.n)).toEqual([1]);
    const [relied] = facts;
    const quote = relied?.quotes.find((q) => q.text.includes("datos biométricos"));
    expect(quote?.speaker?.name).toContain("Villaseñor");
    expect(quote?.claims.length).toBeGreaterThanOrEqual(1);
    const amount = relied?.figures.find((f) => f.kind === "amount");
    expect(amount?.raw).toContain("2,4");
    // Only what the article relies on: every fact shown names the claim it supports.
    for (const f of [...(relied?.quotes ?? []), ...(relied?.figures ?? [])]) expect(f.claims.length).toBeGreaterThan(0);
  }, 120_000);
});

/** Facts as the extractor gives them, for the views (independent of what it finds today). */
const SAMPLE: SourceFacts = {
  version: FACTS_VERSION,
  quotes: [
    { text: QUOTE, speaker: { name: "Marta Villaseñor Ruiz", role: "directora" }, how: "verb_before", line: 1 },
    { text: "Seguiremos vigilando.", speaker: null, how: "unknown", line: 3 },
  ],
  figures: [{ raw: "2,4 millones de euros", kind: "amount", key: "amt:EUR:2400000", line: 2 }],
};

describe("the views of the facts", () => {
  it("the desk lists a source's quotations (speaker, role, how it was read) before its figures (kind, value)", async () => {
    const [{ adminRenderer }, { createElement }, { SnapshotFactsView }] = await Promise.all([
      import("../support/admin-render.ts"),
      import("react"),
      import("~/features/publications/ui/desk/snapshot-facts.tsx"),
    ]);
    const es = (await adminRenderer("es"))(createElement(SnapshotFactsView, { facts: SAMPLE }));
    expect(es).toContain(QUOTE);
    expect(es).toContain("Marta Villaseñor Ruiz");
    expect(es).toContain("directora");
    expect(es).toContain("verbo antes de la cita");
    expect(es).toContain("hablante desconocido");
    expect(es).toContain("importe");
    expect(es).toContain("2,4 millones de euros");
    expect(es.indexOf(QUOTE)).toBeLessThan(es.indexOf("2,4 millones de euros"));
    const en = (await adminRenderer("en"))(createElement(SnapshotFactsView, { facts: SAMPLE }));
    expect(en).toContain("speaker unknown");
    expect(en).toContain("amount");
  });

  it("/fuentes lists, per source, the facts the shown claims rely on, each linked to its claim", async () => {
    const [{ renderToStaticMarkup }, { createElement }, { ReliedFacts }, { translatorFor }] = await Promise.all([
      import("react-dom/server"),
      import("react"),
      import("~/features/grounding/ui/relied-facts.tsx"),
      import("~/platform/i18n/translator.ts"),
    ]);
    const [said, unknown] = SAMPLE.quotes as [SourceFacts["quotes"][0], SourceFacts["quotes"][0]];
    const relied = [
      {
        n: 1,
        quotes: [
          { ...said, claims: ["c1"] },
          { ...unknown, claims: ["c9"] },
        ],
        figures: SAMPLE.figures.map((f) => ({ ...f, claims: ["c2"] })),
      },
    ];
    const html = renderToStaticMarkup(
      createElement(ReliedFacts, {
        relied,
        sources: [{ n: 1, name: "AEPD" }],
        shown: ["c1", "c2"],
        t: translatorFor("es", "sourcesPage"),
      }),
    );
    expect(html).toContain("AEPD");
    expect(html).toContain(QUOTE);
    expect(html).toContain("Marta Villaseñor Ruiz");
    expect(html).toContain('href="#c1"');
    expect(html).toContain("importe");
    expect(html).toContain('href="#c2"');
    // A fact only a claim of the other language relies on is not shown.
    expect(html).not.toContain("Seguiremos vigilando.");
    // Valid where the page puts it (the readers' pages are held to html-validate's standard rules).
    const { HtmlValidate } = await import("html-validate");
    const page = `<!doctype html><html lang="es"><head><title>t</title></head><body><main><h1>t</h1>${html}</main></body></html>`;
    const report = await new HtmlValidate({ extends: ["html-validate:standard"] }).validateString(page);
    expect(report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`))).toEqual([]);
    const none = renderToStaticMarkup(
      createElement(ReliedFacts, {
        relied,
        sources: [{ n: 1, name: "AEPD" }],
        shown: [],
        t: translatorFor("es", "sourcesPage"),
      }),
    );
    expect(none).toBe("");
  });
});
