/**
 * The defects the external corpus found, each in a minimal source and draft of our own (not the corpus's
 * text): a name compared as a name, two true facts joined in a headline, percentage points against percent,
 * a pull quote's attribution line, a PDF line that introduces a quotation, a listed source that was not read.
 */
import { describe, expect, it } from "vitest";
import type { DraftForCheck, Finding, SourceForCheck } from "~/features/grounding/verification/index.ts";
import { verifyDraft } from "~/features/grounding/verification/index.ts";

const source = (n: number, text: string, over: Partial<SourceForCheck> = {}): SourceForCheck => ({
  n,
  url: `https://www.example.gob.es/nota-${n}`,
  finalUrl: null,
  status: 200,
  allowListed: true,
  fetched: true,
  text,
  ...over,
});
const draft = (lang: "es" | "en", body: string[], head: Partial<DraftForCheck> = {}, cites = [1]): DraftForCheck => ({
  lang,
  title: "",
  summary: "",
  body: body.join("\n\n"),
  sentences: body.map((text) => ({ text, sources: cites })),
  sourceUrls: [source(1, "").url],
  ...head,
});
const run = (d: DraftForCheck, sources: SourceForCheck[]) => verifyDraft({ drafts: [d], sources });
const lines = (fs: Finding[]) => fs.map((f) => `${f.check}: ${f.detail}`);

const RELEASE = `Madrid, 2 de octubre de 2025
La Agencia Estatal de Metrología publica su perfil de pruebas, que recoge 140 escenarios.
El periodo de comentarios se cierra el 30 de noviembre de 2025.
El uso de la IA en las empresas alcanzó el 21,5 %, 4 puntos porcentuales más que en 2024.
En las microempresas, el uso se situó en el 4 %.
Declaraciones
La directora de la Agencia, Ana María Pérez-Lozano, ha declarado: «Medir bien es la primera forma de proteger.»
«Ningún sistema quedará fuera de la vigilancia
por ser pequeño.»
— Tomás de la Vega Ruiz, subdirector de Inspección`;

const PDF = `En el acta de cierre, el subdirector de Inspección, Tomás de la Vega Ruiz, afirmó:
«La empresa no documentó sus pruebas.»
En su informe, la directora, Ana María Pérez-Lozano, subraya: «La documentación no es opcional en
sistemas de alto riesgo.»`;

describe("defects the external corpus found", () => {
  it("matches a hyphenated surname with a title and a colon after the verb (the same person)", () => {
    const d = draft("en", [
      "Agency Director Ana María Pérez-Lozano said: “Medir bien es la primera forma de proteger.”",
    ]);
    expect(lines(run(d, [source(1, RELEASE)]).findings)).toEqual([]);
    const en = draft("en", ["Director Ana Maria Perez-Lozano said: “Medir bien es la primera forma de proteger.”"]);
    expect(lines(run(en, [source(1, RELEASE)]).findings)).toEqual([]);
  });

  it("holds a headline joining two true figures stated in different sentences", () => {
    const d = draft("es", ["La Agencia recoge 140 escenarios en su perfil."], {
      title: "El perfil de la Agencia recoge 140 escenarios y admite comentarios hasta el 30 de noviembre de 2025",
    });
    expect(lines(run(d, [source(1, RELEASE)]).findings)).toEqual([]);
  });

  it("tells percentage points from percent and relative change, in the title and the body", () => {
    const right = draft("es", ["El uso de la IA en las empresas subió 4 puntos porcentuales, hasta el 21,5 %."]);
    expect(lines(run(right, [source(1, RELEASE)]).findings)).toEqual([]);
    const title = draft("es", ["El uso de la IA en las empresas subió 4 puntos porcentuales."], {
      title: "El uso de la IA en las empresas crece un 4 %",
    });
    const report = run(title, [source(1, RELEASE)]);
    expect(report.status).toBe("needs_review");
    expect(report.findings.map((f) => [f.field, f.check, f.fact?.figureKind])).toEqual([
      ["title", "figure_not_found", "percentage_points"],
    ]);
  });

  it("gives a pull quote to the person its attribution line names, not to the one quoted before it", () => {
    const wrong = draft("es", [
      "La directora, Ana María Pérez-Lozano, añadió: «Ningún sistema quedará fuera de la vigilancia por ser pequeño.»",
    ]);
    const report = run(wrong, [source(1, RELEASE)]);
    expect(report.findings.map((f) => [f.check, f.attribution?.source])).toEqual([
      ["quote_misattributed", "Tomás de la Vega Ruiz"],
    ]);
    const right = draft("es", [
      "El subdirector Tomás de la Vega advirtió: «Ningún sistema quedará fuera de la vigilancia por ser pequeño.»",
    ]);
    expect(lines(run(right, [source(1, RELEASE)]).findings)).toEqual([]);
  });

  it("reads a PDF quotation's speaker from the line that introduces it, not from the name on the next line", () => {
    const wrong = draft("es", ["La directora, Ana María Pérez-Lozano, afirmó: «La empresa no documentó sus pruebas.»"]);
    const report = run(wrong, [source(1, PDF)]);
    expect(report.findings.map((f) => [f.check, f.attribution?.source])).toEqual([
      ["quote_misattributed", "Tomás de la Vega Ruiz"],
    ]);
    const right = draft("es", ["Según Tomás de la Vega, «la empresa no documentó sus pruebas»."]);
    expect(lines(run(right, [source(1, PDF)]).findings)).toEqual([]);
  });

  it("does not verify a draft listing a source that was not read, though no sentence cites it", () => {
    const gone = source(2, "", {
      url: "https://www.example.gob.es/metodologia",
      status: 404,
      fetched: false,
      reason: "http_status",
    });
    const d = {
      ...draft("es", ["La Agencia recoge 140 escenarios en su perfil."]),
      sourceUrls: [source(1, "").url, gone.url],
    };
    const report = run(d, [source(1, RELEASE), gone]);
    expect(report.status).toBe("needs_review");
    expect(lines(report.findings)).toEqual([`source_status: [2] ${gone.url} answered 404`]);
  });
});
