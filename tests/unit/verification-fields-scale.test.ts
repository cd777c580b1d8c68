import { describe, expect, it } from "vitest";
import { extractFigures } from "~/features/grounding/verification/figures.ts";
import { numberValues } from "~/features/grounding/verification/numbers.ts";
import type { DraftForCheck, Finding, SourceForCheck } from "~/features/grounding/verification/types.ts";
import { verifyDraft } from "~/features/grounding/verification/verify.ts";

// A Spanish press release and an English one, as their snapshots hold them.
const ES = `El Gobierno destinará 2,4 millones de euros al nuevo laboratorio de algoritmos.

El plan de recuperación reserva 2.400 millones de euros para la digitalización hasta 2026.

La ministra para la Transformación Digital, Elena Robles, afirmó: «La supervisión empieza por la transparencia».

El secretario de Estado, Tomás Ferrer, añadió que «ningún sistema quedará sin auditar».

El 37,5 % de las empresas ya utiliza algún sistema de inteligencia artificial.`;
const EN = `The government will invest €2.4 million in a new evaluation lab.

Science Secretary Michelle Donovan said: “Safety is the foundation of innovation.”

The chief scientist, Dr Aaron Patel, warned that “frontier models are deployed faster than they are evaluated”.`;

const src = (n: number, text: string): SourceForCheck => ({
  n,
  url: `https://www.example.gob.es/${n}`,
  finalUrl: null,
  status: 200,
  allowListed: true,
  fetched: true,
  text,
});
const sources = [src(1, ES), src(2, EN)];
const draft = (lang: "es" | "en", tied: [string, number[]][], over: Partial<DraftForCheck> = {}): DraftForCheck => ({
  lang,
  body: tied.map(([t]) => t).join(" "),
  sentences: tied.map(([text, s]) => ({ text, sources: s })),
  sourceUrls: sources.map((s) => s.url),
  ...over,
});
const check = (...drafts: DraftForCheck[]) => verifyDraft({ drafts, sources });
const brief = (fs: Finding[]) => fs.map((f) => `${f.lang}/${f.field ?? "body"}/${f.check}`);

describe("titles and summaries", () => {
  it("flags a wrong figure in the title and in the summary, naming field and language", () => {
    const report = check(
      draft("es", [["El Gobierno destinará 2,4 millones de euros al laboratorio.", [1]]], {
        title: "El Gobierno destina 3,4 millones de euros a un laboratorio de algoritmos",
        summary: "El laboratorio recibe 2,4 millones de euros.",
      }),
      draft("en", [["The government will spend €2.4 million on the lab.", [1]]], {
        title: "Government funds an algorithm lab with €2.4 million",
        summary: "The lab gets €3.4 million.",
      }),
    );
    expect(brief(report.findings)).toEqual(["es/title/figure_not_found", "en/summary/figure_not_found"]);
    expect(report.findings[0]?.claim).toBe("3,4 millones de euros");
    expect(report.status).toBe("needs_review");
  });

  it("holds a headline that joins facts stated in different paragraphs, each of its own kind and value", () => {
    // Facts, not places: 2.400 millones (amount) and 2026 (year) are both stated; 2,4 millones is too.
    const joined = check(
      draft("es", [], {
        title:
          "El plan de recuperación reserva 2.400 millones de euros hasta 2026 y 2,4 millones de euros al laboratorio",
      }),
    );
    expect(joined.findings).toEqual([]);
    const title = "El 37,5 % de las empresas usa IA y Robles pide transparencia";
    expect(check(draft("es", [], { title })).findings).toEqual([]);
  });

  it("catches a headline whose figure is stated with another value, kind or year, showing the fact compared", () => {
    const wrongKind = check(draft("es", [], { title: "El uso de la IA en las empresas crece un 37,5 %" }));
    expect(brief(wrongKind.findings)).toEqual(["es/title/figure_not_found"]);
    expect(wrongKind.findings[0]?.fact).toMatchObject({ n: 1, kind: "figure", figureKind: "percent", key: "pct:37.5" });
    const wrongYear = check(
      draft("es", [], { title: "El plan de recuperación reserva 2.400 millones de euros hasta 2027" }),
    );
    expect(brief(wrongYear.findings)).toEqual(["es/title/figure_not_found"]);
  });

  it("checks a quotation in a headline against every read source", () => {
    const report = check(draft("es", [], { title: "Robles: «Ninguna empresa pagará multas este año»" }));
    expect(brief(report.findings)).toEqual(["es/title/quote_not_found"]);
    expect(check(draft("es", [], { title: "Robles: «La supervisión empieza por la transparencia»" })).status).toBe(
      "verified",
    );
  });
});

describe("numbers read in their own language", () => {
  it("does not take 2.400 millones (es) for a source's 2,4 millones", () => {
    const lab = src(1, "El Gobierno destinará 2,4 millones de euros al nuevo laboratorio de algoritmos.");
    const onlyLab = verifyDraft({
      drafts: [draft("es", [["El laboratorio recibirá 2.400 millones de euros.", [1]]], { sourceUrls: [lab.url] })],
      sources: [lab],
    });
    expect(brief(onlyLab.findings)).toEqual(["es/body/figure_not_found"]);
    // …but 2.400 millones is the recovery plan's figure: tied to it, it holds.
    expect(check(draft("es", [["El plan reserva 2.400 millones de euros.", [1]]])).findings).toEqual([]);
  });

  it("does not take €2,400 million (en) for a source's €2.4 million, in either source language", () => {
    expect(brief(check(draft("en", [["The lab gets €2,400 million.", [2]]])).findings)).toEqual([
      "en/body/figure_not_found",
    ]);
    expect(check(draft("en", [["The lab gets €2.4 million.", [2]]])).findings).toEqual([]);
    // The Spanish source's 2.400 millones de euros is 2.4 billion in English, and 2,4 mil millones in Spanish.
    expect(check(draft("en", [["The recovery plan sets aside €2.4 billion.", [1]]])).findings).toEqual([]);
    expect(check(draft("es", [["El plan reserva 2,4 mil millones de euros.", [1]]])).findings).toEqual([]);
    expect(check(draft("en", [["The lab gets €2.4 billion.", [2]]])).status).toBe("needs_review");
  });

  it("holds a figure only when its unit agrees: percent, amount with currency, count", () => {
    expect(brief(check(draft("es", [["El Gobierno destina el 2,4 % del presupuesto.", [1]]])).findings)).toEqual([
      "es/body/figure_not_found",
    ]);
    expect(brief(check(draft("es", [["Unos 37,5 millones de euros van a empresas.", [1]]])).findings)).toEqual([
      "es/body/figure_not_found",
    ]);
    expect(check(draft("en", [["37.5% of companies already use AI.", [1]]])).findings).toEqual([]);
  });
});

describe("who is quoted", () => {
  it("flags verbatim words put in the wrong official's mouth, showing the passage and the right name", () => {
    const report = check(
      draft("es", [["Tomás Ferrer afirmó: «La supervisión empieza por la transparencia».", [1]]]),
      draft("en", [["“Safety is the foundation of innovation,” said Aaron Patel.", [2]]]),
    );
    expect(brief(report.findings)).toEqual(["es/body/quote_misattributed", "en/body/quote_misattributed"]);
    expect(report.findings[0]?.nearMatch?.passage).toContain("Elena Robles");
    expect(report.findings[0]?.detail).toContain("Ferrer");
    expect(report.findings[0]?.detail).toContain("Elena Robles");
    expect(report.status).toBe("needs_review");
  });

  it("accepts the right speaker in the forms drafts use, surname enough", () => {
    const report = check(
      draft("es", [
        ["Según Robles, «la supervisión empieza por la transparencia».", [1]],
        ["«Ningún sistema quedará sin auditar», dijo el secretario de Estado Tomás Ferrer.", [1]],
      ]),
      draft("en", [["According to Michelle Donovan, “safety is the foundation of innovation.”", [2]]]),
    );
    expect(report.findings).toEqual([]);
  });
});

describe("untied claims", () => {
  it("reports an untied figure or quotation as untied_claim with the passage where it appears", () => {
    const report = check(
      draft("es", [
        ["El Gobierno destinará 2,4 millones de euros al laboratorio.", []],
        ["Robles afirmó: «La supervisión empieza por la transparencia».", []],
      ]),
    );
    expect(brief(report.findings)).toEqual(["es/body/untied_claim", "es/body/untied_claim"]);
    expect(report.findings[0]?.nearMatch).toEqual({
      n: 1,
      passage: "El Gobierno destinará 2,4 millones de euros al nuevo laboratorio de algoritmos.",
    });
    expect(report.findings[1]?.nearMatch?.passage).toContain("La supervisión empieza por la transparencia");
  });
});

describe("numberValues and scale words", () => {
  it("reads each form in its own language; only a Spanish d,ddd stays ambiguous", () => {
    expect(numberValues("2.400", "es")).toEqual([2400]);
    expect(numberValues("2,4", "es")).toEqual([2.4]);
    expect(numberValues("2.400", "en")).toEqual([2.4]);
    expect(numberValues("2,400", "en")).toEqual([2400]);
    expect(numberValues("2,400", "es")).toEqual([2.4, 2400]);
    expect(numberValues("1.250.000,5", "es")).toEqual([1250000.5]);
    expect(numberValues("1,250,000.5", "en")).toEqual([1250000.5]);
    expect(numberValues("2 400", "en")).toEqual([2400]);
    expect(numberValues("0,125", "es")).toEqual([0.125]);
  });

  it("multiplies by scale words and keeps the unit in the key", () => {
    const keys = (t: string, lang: "es" | "en") => extractFigures(t, lang).flatMap((f) => f.keys);
    expect(keys("2,4 millones de euros", "es")).toEqual(["amt:EUR:2400000"]);
    expect(keys("2.400 millones de euros", "es")).toEqual(["amt:EUR:2400000000"]);
    expect(keys("1,2 mil millones de euros", "es")).toEqual(["amt:EUR:1200000000"]);
    expect(keys("3 millardos de euros", "es")).toEqual(["amt:EUR:3000000000"]);
    expect(keys("2,4 M€", "es")).toEqual(["amt:EUR:2400000"]);
    expect(keys("€2,400 million", "en")).toEqual(["amt:EUR:2400000000"]);
    expect(keys("£1.5bn", "en")).toEqual(["amt:GBP:1500000000"]);
    expect(keys("20 mil empresas", "es")).toEqual(["num:20000"]);
    expect(keys("42.7% of firms", "en")).toEqual(["pct:42.7"]);
    expect(keys("in 2024", "en")).toEqual(["year:2024"]);
    expect(keys("a 2 m wall", "en")).toEqual(["num:2"]);
  });
});
