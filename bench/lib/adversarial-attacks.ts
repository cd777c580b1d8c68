/** The adversarial corpus's attacks that are not a changed figure: quotations, ties and sources. */
import type { CheckKind, Lang, SourceForCheck, TiedSentence } from "~/features/grounding/verification/types.ts";
import {
  type AdvCase,
  advSources,
  advUrl,
  type Base,
  bump,
  faithfulBase,
  kindCases,
  other,
  quoteSentence,
  rebody,
} from "./adversarial-drafts.ts";
import { ADV_FACTS, type AdvFact } from "./adversarial-facts.ts";
import { LARGE_READ_PART } from "./adversarial-large-source.ts";
import { ADV_QUOTES } from "./adversarial-quotes.ts";

/** Quotations, ties and sources: the attacks that are not a changed figure. */
export function attackCases(): AdvCase[] {
  const withSentence = (b: Base, lang: Lang, s: TiedSentence, extra: SourceForCheck[] = []) => {
    const urls = [...b.es.sourceUrls, ...extra.map((x) => x.url)];
    const d = rebody({ ...b[lang], sentences: [...b[lang].sentences, s], sourceUrls: urls });
    const o = { ...b[other(lang)], sourceUrls: urls };
    return { drafts: lang === "es" ? [d, o] : [o, d], sources: [...advSources(), ...extra] };
  };
  const wrongSpeaker = kindCases(12, (i) => {
    const q = ADV_QUOTES[i % ADV_QUOTES.length] as (typeof ADV_QUOTES)[number];
    const b = faithfulBase(i + 1);
    const text = quoteSentence(q.lang, q.words, q.wrong, i);
    return {
      name: `wrong_speaker:${q.lang}:${i}`,
      kind: "wrong_speaker",
      ...withSentence(b, q.lang, { text, sources: [q.n] }),
      expect: { checks: ["quote_misattributed"], lang: q.lang },
    };
  });
  const translationOnly = kindCases(10, (i) => {
    const b = faithfulBase(i);
    const s = b.en.sentences[0] as TiedSentence;
    const sentences = [{ ...s, text: bump(s.text) }, ...b.en.sentences.slice(1)];
    const field = i % 3 === 2 ? "title" : "body";
    const en = field === "title" ? { ...b.en, title: bump(b.en.title ?? "") } : rebody({ ...b.en, sentences });
    return {
      name: `translation_only:${field}:${i}`,
      kind: "translation_only",
      drafts: [b.es, en],
      sources: advSources(),
      expect: { checks: ["figure_not_found"], lang: "en", field },
    };
  });
  const untied = kindCases(10, (i) => {
    const b = faithfulBase(i);
    const lang: Lang = i % 2 ? "en" : "es";
    // A fact and a quotation the faithful body does not already state (its tied copy would lend its tie).
    const q = ADV_QUOTES.find((x) => x.lang === lang && x !== b.quote) as (typeof ADV_QUOTES)[number];
    const fact = ADV_FACTS[(i + 5) % ADV_FACTS.length] as AdvFact;
    const text = i % 4 < 2 ? fact[lang] : quoteSentence(lang, q.words, q.speaker, i);
    return {
      name: `untied_claim:${lang}:${i}`,
      kind: "untied_claim",
      ...withSentence(b, lang, { text, sources: [] }),
      expect: { checks: ["untied_claim"], lang },
    };
  });
  const wrongTie = kindCases(10, (i) => {
    const b = faithfulBase(i);
    const lang: Lang = i % 2 ? "en" : "es";
    const s = b[lang].sentences[0] as TiedSentence;
    const n = ((s.sources[0] ?? 1) % 5) + 1;
    const d = rebody({ ...b[lang], sentences: [{ ...s, sources: [n] }, ...b[lang].sentences.slice(1)] });
    return {
      name: `wrong_source_tie:${lang}:${i}`,
      kind: "wrong_source_tie",
      drafts: lang === "es" ? [d, b.en] : [b.es, d],
      sources: advSources(),
      expect: { checks: ["figure_not_found"], lang },
    };
  });
  const titleQuote = kindCases(8, (i) => {
    const b = faithfulBase(i);
    const lang: Lang = i % 2 ? "en" : "es";
    const title =
      lang === "es"
        ? `${b.quote.speaker}: «Ninguna empresa pagará multas este año»`
        : `${b.quote.speaker}: “No company will be fined this year”`;
    const d = { ...b[lang], title };
    return {
      name: `title_invented_quote:${lang}:${i}`,
      kind: "title_invented_quote",
      drafts: lang === "es" ? [d, b.en] : [b.es, d],
      sources: advSources(),
      expect: { checks: ["quote_not_found"], lang, field: "title" },
    };
  });
  // Known limit (docs/grounding.md): a headline whose one figure is another fact's figure, in the same sources.
  const coincident = kindCases(4, (i) => {
    const b = faithfulBase(i);
    const lang: Lang = i % 2 ? "en" : "es";
    const title =
      lang === "es"
        ? "El Reino Unido destina el 37,5 % de su presupuesto de IA a su oficina"
        : "The UK puts 42.7% of its AI budget into the AI Office";
    const d = { ...b[lang], title };
    return {
      name: `title_coincident_figure:${lang}:${i}`,
      kind: "title_coincident_figure",
      drafts: lang === "es" ? [d, b.en] : [b.es, d],
      sources: advSources(),
      expect: { checks: ["figure_not_found"], lang, field: "title" },
    };
  });
  const unread = (kind: string, extra: Omit<SourceForCheck, "n" | "text">, checks: CheckKind[]) =>
    kindCases(6, (i) => {
      const b = faithfulBase(i);
      const lang: Lang = i % 2 ? "en" : "es";
      const text =
        lang === "es" ? "La página oficial eleva la cifra a 9.100 millones." : "The page puts it at 9.1 billion.";
      return {
        name: `${kind}:${lang}:${i}`,
        kind,
        ...withSentence(b, lang, { text, sources: [6] }, [{ n: 6, text: "", ...extra }]),
        // A source's own finding is about the source, in whichever language the report lists it.
        expect: { checks },
      };
    });
  // A large official page read only up to the size cap: the figure the draft cites stands past the cut.
  const truncatedSource = kindCases(6, (i) => {
    const b = faithfulBase(i);
    const lang: Lang = i % 2 ? "en" : "es";
    const text =
      lang === "es"
        ? "El anexo XIV del texto consolidado enumera 777 usos adicionales de alto riesgo."
        : "Annex XIV of the consolidated text lists 777 additional high-risk uses.";
    const cut: SourceForCheck = { ...LARGE_READ_PART, n: 6 };
    return {
      name: `truncated_source:${lang}:${i}`,
      kind: "truncated_source",
      ...withSentence(b, lang, { text, sources: [6] }, [cut]),
      expect: { checks: ["figure_not_found"], lang, detail: /read only in part.*truncated/ },
    };
  });
  return [
    ...wrongSpeaker,
    ...translationOnly,
    ...untied,
    ...wrongTie,
    ...titleQuote,
    ...coincident,
    ...unread(
      "source_unreachable",
      { url: advUrl(6), finalUrl: advUrl(6), status: 404, allowListed: true, fetched: false },
      ["source_status", "source_not_fetched"],
    ),
    ...truncatedSource,
    ...unread(
      "redirect_off_list",
      { url: advUrl(6), finalUrl: "https://blog.example.com/ai.html", status: 200, allowListed: false, fetched: false },
      ["source_off_list"],
    ),
  ];
}
