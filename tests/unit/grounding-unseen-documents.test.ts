import { describe, expect, it } from "vitest";
import { extractFacts } from "~/features/grounding/facts/extract.ts";
import type { FigureFact, QuoteFact } from "~/features/grounding/facts/types.ts";
import { verifyDraft } from "~/features/grounding/verification/index.ts";
import { build, CASES, docText } from "../fixtures/grounding-unseen/cases.ts";

// Document kinds the verifier was not written against (a committee transcript, a gazette resolution, a tribunal
// judgment as PDF text, a statistics release, soft-404 pages), written by someone trying to break it: faithful
// drafts must come out "verified" with no finding; fabrications must not, and must carry a finding of their kind.

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/[’']/g, "'").trim();
const speakerOf = (q: QuoteFact | undefined) =>
  q?.speaker ? `${q.speaker.name ?? "∅"} / ${q.speaker.role ?? "∅"} (${q.how})` : `none (${q?.how})`;
const lineOf = (text: string, needle: string) => text.split("\n").findIndex((l) => l.includes(needle));
const show = (fs: FigureFact[]) => fs.map((f) => `${f.raw} → ${f.kind} ${f.key}`).join(" | ");

describe("verifier on unseen document kinds", () => {
  for (const c of CASES) {
    it(`${c.id}: ${c.what}`, () => {
      const report = verifyDraft(build(c));
      const findings = report.findings.map((f) => `${f.check}: ${f.detail}`);
      if (process.env.UNSEEN_DUMP) console.log(c.id, report.status, JSON.stringify(findings));
      if (c.expect === "verified") {
        expect(findings, `findings: ${JSON.stringify(findings)}`).toEqual([]);
        expect(report.status).toBe("verified");
      } else {
        const codes = c.expect;
        expect(report.status, `should not verify; findings: ${JSON.stringify(findings)}`).not.toBe("verified");
        expect(
          report.findings.some((f) => codes.includes(f.check)),
          `expected a finding of ${codes.join(" / ")}; got ${JSON.stringify(findings)}`,
        ).toBe(true);
      }
    });
  }
});

describe("extractFacts on unseen document kinds", () => {
  if (process.env.UNSEEN_DUMP)
    for (const d of ["transcript", "boe", "judgment", "stats"] as const) {
      const f = extractFacts(docText(d));
      console.log(d, f.quotes.map((q) => `${q.line}: ${q.text.slice(0, 50)} → ${speakerOf(q)}`).join("\n"));
      console.log(d, show(f.figures));
    }

  it("E01: transcript speaker labels name the speaker of each turn, across its paragraphs", () => {
    const facts = extractFacts(docText("transcript"), "es");
    const find = (w: string) => facts.quotes.find((q) => q.text.includes(w));
    const cases: [string, string][] = [
      ["la supervisión no es un trámite", "ruiz de la torre"],
      ["No llegamos tarde", "ruiz de la torre"],
      ["compartimos apellido", "ruiz garcia"],
      ["Con 58 inspectores", "ruiz garcia"],
      ["ha inspeccionado la Agencia", "del valle-ibanez"],
    ];
    for (const [words, who] of cases) {
      const q = find(words);
      expect.soft(fold(q?.speaker?.name ?? ""), `«${words}…» → ${speakerOf(q)}`).toBe(who);
      expect.soft(q?.how, `«${words}…» → ${speakerOf(q)}`).toBe("label");
    }
    const report = facts.quotes.find((q) => q.text.startsWith("el 62 %"));
    expect
      .soft(fold(report?.speaker?.name ?? ""), `a possessive is not a name: ${speakerOf(report)}`)
      .not.toBe("nuestro");
    const director = find("No llegamos tarde");
    expect(fold(director?.speaker?.role ?? ""), speakerOf(director)).toContain("directora");
    const names = facts.quotes.map((q) => fold(q.speaker?.name ?? ""));
    expect(names, "a bare shared surname is never a speaker").not.toContain("ruiz");
  });

  it("E02: the resolution's ordinals PRIMERO:/SEGUNDO:… are headings, not speakers", () => {
    const facts = extractFacts(docText("boe"), "es");
    const ordinal = /^(primero|segundo|tercero|cuarto|quinto|sexto|resuelvo|antecedentes de hecho)$/;
    const bad = facts.quotes.filter(
      (q) =>
        q.how === "label" || ordinal.test(fold(q.speaker?.name ?? "")) || ordinal.test(fold(q.speaker?.role ?? "")),
    );
    expect(bad.map((q) => `${q.text.slice(0, 40)} → ${speakerOf(q)}`)).toEqual([]);
  });

  it("E03: the resolution's numeric dates and article sub-letters", () => {
    const facts = extractFacts(docText("boe"), "es");
    const byRaw = (w: string) => facts.figures.filter((f) => f.raw.includes(w));
    const expectKey = (w: string, kind: string, key: string) => {
      const fs = byRaw(w);
      expect(
        fs.some(
          (f) => (f.kind === kind || f.kind === "range") && [f.key, ...(f.also ?? [])].some((k) => k.includes(key)),
        ),
        `${w}: ${show(fs)}`,
      ).toBe(true);
    };
    expectKey("12/03/2025", "date", "date:2025-03-12");
    expectKey("1.7.2026", "date", "date:2026-07-01");
    expectKey("4.2.2025", "date", "date:2025-02-04");
    const art = byRaw("4.2.b");
    expect(
      art.some((f) => f.kind === "article" && /4\.2\.b/.test(f.key)),
      `artículo 4.2.b): ${show(art)} (all: ${show(facts.figures)})`,
    ).toBe(true);
    const wrongArt = facts.figures.filter((f) => f.kind === "article" && /4\.2\.c/.test(f.key));
    expect(show(wrongArt)).toBe("");
  });

  it("E04: footnote markers (¹, [3], court.12, ¹²) are not figures", () => {
    const text = docText("judgment");
    const facts = extractFacts(text, "en");
    const on = (needle: string) => facts.figures.filter((f) => f.line === lineOf(text, needle));
    expect(show(on("submitted to the court.12")), "nothing but a marker on that line").toBe("");
    const twelve = facts.figures.filter((f) => f.raw.replace(/\D/g, "") === "12" || /(^|[^\d.])12$/.test(f.key));
    expect(show(twelve)).toBe("");
    const l2024 = on("March 2024.¹");
    expect(show(l2024.filter((f) => /20241|2024\.1|[^\d.]1$|^1$/.test(`${f.raw} ${f.key}`)))).toBe("");
    expect(l2024.length, show(l2024)).toBeGreaterThan(0);
    const l3 = on("claimants.[3]");
    expect(show(l3.filter((f) => /(^|[^\d.])3$/.test(f.key) || /^\[?3\]?$/.test(f.raw.trim())))).toBe("");
    expect(show(l3.filter((f) => f.key.includes("3.4"))), "3.4 times is a figure").not.toBe("");
  });

  it("E05: the judgment's quotation speakers: previous line, she added, pull quote", () => {
    const facts = extractFacts(docText("judgment"), "en");
    const find = (w: string) => facts.quotes.find((q) => q.text.includes(w));
    const want: [string, string, string][] = [
      ["Transparency is not a courtesy", "van den berg", "verb_after"],
      ["Where the reasons for a decision are hidden", "van den berg", "carried"],
      ["An algorithm that cannot explain itself", "o'connell", "previous_line"],
      ["goes further than the statute allows", "d'ors", "verb_before"],
      ["The legislature chose to permit", "de la fuente-ibanez", "attribution_line"],
    ];
    for (const [words, who, how] of want) {
      const q = find(words);
      expect.soft(fold(q?.speaker?.name ?? ""), `"${words}…" → ${speakerOf(q)}`).toContain(who);
      expect.soft(q?.how, `"${words}…" → ${speakerOf(q)}`).toBe(how);
    }
    const pull = find("The legislature chose to permit");
    expect(pull?.text ?? "(not extracted)", "the pull quote is folded across its two PDF lines").toContain(
      "to forbid what Parliament",
    );
  });

  it("E06: percent, percentage points, relative change, range, duration", () => {
    const en = extractFacts(docText("stats"), "en");
    const es = extractFacts("La tasa pasó del 13,5 % al 19,5 %, 6 puntos porcentuales más.", "es");
    const kindOf = (facts: { figures: FigureFact[] }, w: string) => {
      const fs = facts.figures.filter((f) => f.raw.includes(w));
      return `${fs.map((f) => f.kind).join(",")} :: ${show(fs)}`;
    };
    expect(kindOf(es, "6 puntos porcentuales")).toMatch(/^percentage_points :: .*pp:6$/);
    expect(kindOf(en, "6 percentage points")).toMatch(/^percentage_points :: .*pp:6$/);
    expect(kindOf(en, "43%")).toMatch(/^relative_change ::/);
    expect(kindOf(en, "13.5%")).toMatch(/^percent ::/);
    expect(kindOf(en, "30%")).toMatch(/(^|,)range(,| ::)/);
    expect(kindOf(en, "7 months")).toMatch(/^duration ::/);
  });
});
