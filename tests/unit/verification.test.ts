import { describe, expect, it } from "vitest";
import { extractFigures } from "~/features/grounding/verification/figures.ts";
import { splitSentences } from "~/features/grounding/verification/sentences.ts";
import type { DraftForCheck, SourceForCheck } from "~/features/grounding/verification/types.ts";
import { verifyDraft } from "~/features/grounding/verification/verify.ts";

const ES_SOURCE =
  "La Comisión Europea ha publicado las directrices del artículo 5 del Reglamento de IA.\n" +
  "Las prohibiciones se aplican desde el 2 de febrero de 2025 y las obligaciones generales desde el 2 de agosto de 2026.\n" +
  "Las multas pueden alcanzar 35.000.000 euros o el 7 % del volumen de negocios mundial.\n" +
  "«Queremos una IA fiable y centrada en las personas», declaró la vicepresidenta ejecutiva.";
const EN_SOURCE =
  "The AI Office has 140 staff members. Its budget for 2025 is EUR 46.5 million.\n" +
  '"Trustworthy AI is our goal," said the Director on 15 March 2025.';

function source(n: number, text: string, over: Partial<SourceForCheck> = {}): SourceForCheck {
  return {
    n,
    url: `https://ec.europa.eu/s${n}`,
    finalUrl: null,
    status: 200,
    allowListed: true,
    fetched: true,
    text,
    ...over,
  };
}
const sources = [source(1, ES_SOURCE), source(2, EN_SOURCE)];

function draft(lang: "es" | "en", tied: [string, number[]][], urls = sources.map((s) => s.url)): DraftForCheck {
  return {
    lang,
    body: `## Título\n\n${tied.map(([t]) => t).join(" ")}`,
    sentences: tied.map(([text, sources]) => ({ text, sources })),
    sourceUrls: urls,
  };
}
const check = (...drafts: DraftForCheck[]) => verifyDraft({ drafts, sources, now: new Date("2026-11-24T00:00:00Z") });

describe("verifyDraft", () => {
  it("verifies faithful drafts in both languages, across number, date and article formats", () => {
    const report = check(
      draft("es", [
        ["Las multas llegan a 35.000.000 euros o al 7 % de la facturación mundial.", [1]],
        ["Las obligaciones generales se aplican desde el 2 de agosto de 2026, según el artículo 5.", [1]],
        ["La vicepresidenta dijo: «queremos una IA fiable y centrada en las personas».", [1]],
        ["La Oficina de IA cuenta con 140 personas y un presupuesto de 46,5 millones de euros.", [2]],
      ]),
      draft("en", [
        ["Fines reach EUR 35,000,000 or 7% of worldwide turnover.", [1]],
        ["General obligations apply from August 2, 2026 under Article 5.", [1]],
        ["The Director said “Trustworthy AI is our goal” in March 2025.", [2]],
      ]),
    );
    expect(report.findings).toEqual([]);
    expect(report.status).toBe("verified");
    expect(report.checkedAt).toBe("2026-11-24T00:00:00.000Z");
    expect(report.claims.filter((c) => c.kind === "quote")).toHaveLength(2);
    expect(report.claims.every((c) => c.found && c.n !== null && c.passage)).toBe(true);
    expect(report.sources.map((s) => s.state)).toEqual(["fetched", "fetched"]);
  });

  it("fails an invented or altered quotation and shows the nearest passage", () => {
    const report = check(draft("es", [["Dijo: «Queremos una IA barata y centrada en las empresas».", [1]]]));
    expect(report.status).toBe("failed");
    const [finding] = report.findings;
    expect(finding?.check).toBe("quote_not_found");
    expect(finding?.claim).toBe("Queremos una IA barata y centrada en las empresas");
    expect(finding?.nearMatch?.n).toBe(1);
    expect(finding?.nearMatch?.passage).toContain("Queremos una IA fiable");
  });

  it("accepts a quotation with an omission marked by an ellipsis, in order only", () => {
    expect(check(draft("es", [["«Queremos una IA […] centrada en las personas».", [1]]])).status).toBe("verified");
    expect(check(draft("es", [["«centrada en las personas […] Queremos una IA».", [1]]])).status).toBe("failed");
  });

  it("flags a wrong number, a wrong percentage and a wrong date for review", () => {
    const report = check(
      draft("es", [
        ["Las multas llegan a 30.000.000 euros.", [1]],
        ["O al 9 % del volumen de negocios.", [1]],
        ["Se aplican desde el 2 de agosto de 2027.", [1]],
      ]),
    );
    expect(report.status).toBe("needs_review");
    expect(report.findings.map((f) => [f.check, f.claim])).toEqual([
      ["figure_not_found", "30.000.000 euros"],
      ["figure_not_found", "9 %"],
      ["figure_not_found", "2 de agosto de 2027"],
    ]);
  });

  it("catches a claim tied to the wrong source and names the source that has it", () => {
    const report = check(draft("en", [["The AI Office has 140 staff members.", [1]]]));
    expect(report.findings).toHaveLength(1);
    expect(report.findings[0]?.check).toBe("figure_not_found");
    expect(report.findings[0]?.detail).toContain("[2]");
    expect(report.findings[0]?.nearMatch).toEqual({ n: 2, passage: "The AI Office has 140 staff members." });
  });

  it("finds a fabrication introduced only by the translation", () => {
    const report = check(
      draft("es", [["La Oficina de IA cuenta con 140 personas.", [2]]]),
      draft("en", [["The AI Office has 410 staff members.", [2]]]),
    );
    expect(report.findings.map((f) => [f.lang, f.check, f.claim])).toEqual([["en", "figure_not_found", "410"]]);
  });

  it("fails ties to sources that were not read or do not exist", () => {
    const report = verifyDraft({
      drafts: [draft("es", [["La Oficina de IA cuenta con 140 personas.", [2, 7]]], [sources[0]?.url ?? ""])],
      sources: [sources[0] as SourceForCheck, source(2, EN_SOURCE, { fetched: false, status: null, text: "" })],
    });
    expect(report.status).toBe("failed");
    // A tie to a listed source that was not read says why; only a tie to no listed source is "unknown".
    expect(report.findings.filter((f) => f.sentence).map((f) => [f.check, f.detail])).toEqual([
      ["source_not_fetched", expect.stringContaining("[2]")],
      ["tie_unknown_source", expect.stringContaining("[7]")],
    ]);
  });

  it("flags a sentence with a figure or a quotation but no tie", () => {
    const report = check({ ...draft("es", []), body: "El presupuesto es de 46,5 millones de euros." });
    expect(report.status).toBe("needs_review");
    expect(report.findings.map((f) => f.check)).toEqual(["untied_claim"]);
  });

  it("accounts for listed sources that 404, are off the list or were never fetched: each is a finding, cited or not", () => {
    const report = verifyDraft({
      drafts: [
        draft(
          "es",
          [["La Oficina de IA cuenta con 140 personas.", [2]]],
          [
            "https://ec.europa.eu/s1",
            "https://ec.europa.eu/s2",
            "https://blog.example.com/post",
            "https://ec.europa.eu/missing",
          ],
        ),
      ],
      sources: [
        source(1, "", { status: 404, fetched: false, reason: "http_status" }),
        sources[1] as SourceForCheck,
        source(3, "x", { url: "https://blog.example.com/post", allowListed: false }),
      ],
    });
    // No sentence rests on them: an editor must look (needs review), and the report says why for each.
    expect(report.status).toBe("needs_review");
    expect(report.findings.map((f) => f.check)).toEqual(["source_status", "source_off_list", "source_not_fetched"]);
    expect(report.sources.map((s) => [s.n, s.state, s.reason])).toEqual([
      [1, "unreachable", "http_status"],
      [2, "fetched", null],
      [3, "off_list", null],
      [4, "unreachable", "not_fetched"],
    ]);
    // A sentence tied to them says why each could not be used.
    const tied = verifyDraft({
      drafts: [
        draft("es", [
          ["La Oficina de IA cuenta con 140 personas.", [1]],
          ["Las multas llegan a 35.000.000 euros.", [3]],
        ]),
      ],
      sources: [
        source(1, "", { status: 404, fetched: false, reason: "http_status" }),
        sources[1] as SourceForCheck,
        source(3, "x", { url: "https://blog.example.com/post", allowListed: false }),
      ],
    });
    expect(tied.findings.filter((f) => f.sentence).map((f) => [f.check, f.detail])).toEqual([
      ["source_status", "[1] https://ec.europa.eu/s1 answered 404"],
      ["source_off_list", "[3] https://blog.example.com/post is not on the official-source allow-list"],
    ]);
  });

  it("fails a draft when no source was read at all", () => {
    const report = verifyDraft({ drafts: [draft("es", [], [])], sources: [] });
    expect(report.status).toBe("failed");
    expect(report.findings.map((f) => f.check)).toEqual(["no_sources"]);
  });

  it("reports the sentence as splitSentences gives it, ignoring citation markers and bare URLs", () => {
    const d = draft("es", [["Las multas llegan a 30.000.000 euros.", [1]]]);
    const body =
      "Las multas llegan a 30.000.000 euros [1]. Véase https://eur-lex.europa.eu/eli/reg/2024/1689/oj para más.";
    const report = check({ ...d, body });
    expect(report.findings.map((f) => [f.check, f.claim, f.sentence])).toEqual([
      ["figure_not_found", "30.000.000 euros", splitSentences(body)[0]],
    ]);
  });

  it("keeps a tie when the editor rewords a sentence slightly", () => {
    const d = draft("es", [["Las multas llegan a 35.000.000 euros según la Comisión.", [1]]]);
    const edited = { ...d, body: "Las multas pueden llegar a 35.000.000 euros según la Comisión Europea." };
    expect(check(edited).status).toBe("verified");
  });
});

describe("figures", () => {
  it("normalises es/en formats to the same keys", () => {
    const keys = (t: string) => extractFigures(t).flatMap((f) => f.keys);
    expect(keys("1.000 personas")).toContain("num:1000");
    expect(keys("1,000 people")).toContain("num:1000");
    expect(keys("10 %")).toEqual(keys("10%"));
    expect(keys("7,5 por ciento")).toEqual(keys("7.5 percent"));
    expect(keys("2 de agosto de 2026")).toEqual(["date:2026-08-02"]);
    expect(keys("2 August 2026")).toEqual(["date:2026-08-02"]);
    expect(keys("August 2, 2026")).toEqual(["date:2026-08-02"]);
    expect(keys("artículo 5")).toEqual(keys("Article 5"));
    expect(keys("35 millones")).toEqual(keys("35 million"));
    expect(keys("GPT-4 y el G7")).toEqual([]);
  });
});

describe("splitSentences", () => {
  it("splits Markdown into plain sentences, not inside quotes, abbreviations or numbers", () => {
    expect(
      splitSentences(
        "## Título\n\nEl art. 5 dice «Hola. Adiós.» Luego sigue. Son 7.5 puntos en EE.UU. hoy.\n\n- Uno **dos** [x](https://a.b/c.d).\n- Tres",
      ),
    ).toEqual([
      "Título",
      "El art. 5 dice «Hola. Adiós.» Luego sigue.",
      "Son 7.5 puntos en EE.UU. hoy.",
      "Uno dos x.",
      "Tres",
    ]);
  });
});
