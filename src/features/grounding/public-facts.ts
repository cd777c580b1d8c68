import type { DbClient } from "~/platform/db/client.ts";
import { extractFacts } from "./facts/extract.ts";
import { factsOf, storedFacts } from "./facts/stored.ts";
import type { FigureFact, FigureKind, QuoteFact, SourceFacts, Speaker } from "./facts/types.ts";
import { type PublicClaim, type PublicVerification, publicVerification } from "./public-verification.ts";
import type { ReportStore } from "./report-store.ts";
import { normaliseText } from "./verification/normalise.ts";
import { quoteAppearsIn, quoteFragments } from "./verification/quotes.ts";

/** A quotation of a source the article quotes, with the anchors (on /fuentes) of the claims that quote it. */
export interface ReliedQuote {
  text: string;
  speaker: Speaker | null;
  claims: string[];
}

/** A figure of a source the article states. */
export interface ReliedFigure {
  raw: string;
  kind: FigureKind;
  claims: string[];
}

/** What the article takes from source n: only facts a found claim rests on, never the source's whole list. */
export interface SourceReliedFacts {
  n: number;
  quotes: ReliedQuote[];
  figures: ReliedFigure[];
}

/** Letters and digits only, one space between words: quote marks, punctuation and case do not count here. */
const fold = (text: string) =>
  ` ${(
    text
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? []
  ).join(" ")} `;

/** The verifier's own test: the claim's pieces (an ellipsis marks an omission) in the quotation, in order. */
const quotes = (fact: QuoteFact, claim: string) => quoteAppearsIn(quoteFragments(claim), normaliseText(fact.text));

const keysOf = (f: Pick<FigureFact, "key" | "also">) => [f.key, ...(f.also ?? [])];

/** A figure claim's keys, read in the article's language the way the source's figures were. */
function claimKeys(claim: PublicClaim): Set<string> {
  return new Set(extractFacts(claim.claim, claim.lang).figures.flatMap(keysOf));
}

/** Adds a fact once (a source may state the same figure on several lines), with every claim resting on it. */
function add<T extends { claims: string[] }>(list: T[], same: (t: T) => boolean, make: () => T, claim: string) {
  const found = list.find(same);
  if (!found) list.push({ ...make(), claims: [claim] });
  else if (!found.claims.includes(claim)) found.claims.push(claim);
}

/** The facts of one source that the article's found claims match: quotations it quotes, figures it states. */
export function reliedOn(n: number, facts: SourceFacts, claims: PublicClaim[]): SourceReliedFacts {
  const relied: SourceReliedFacts = { n, quotes: [], figures: [] };
  for (const claim of claims) {
    if (claim.n !== n) continue;
    if (claim.kind === "quote") {
      for (const q of facts.quotes.filter((f) => quotes(f, claim.claim)))
        add(
          relied.quotes,
          (r) => r.text === q.text,
          () => ({ text: q.text, speaker: q.speaker, claims: [] }),
          claim.id,
        );
      continue;
    }
    const keys = claimKeys(claim);
    const raw = fold(claim.claim);
    const matches = (f: FigureFact) => (keys.size ? keysOf(f).some((k) => keys.has(k)) : fold(f.raw) === raw);
    for (const f of facts.figures.filter(matches))
      add(
        relied.figures,
        (r) => r.kind === f.kind && r.raw === f.raw,
        () => ({ raw: f.raw, kind: f.kind, claims: [] }),
        claim.id,
      );
  }
  return relied;
}

/** The facts of each copy the report was made against (the newest read by then), by URL. */
async function copiesFacts(db: DbClient, slug: string, verification: PublicVerification) {
  const urls = verification.sources.map((s) => s.url);
  const where = { article: { slug }, ok: true, fetched_at: { lte: verification.checkedAt }, url: { in: urls } };
  const rows = await db.sourceSnapshot.findMany({
    where,
    orderBy: [{ fetched_at: "desc" }, { created_at: "desc" }],
    select: { id: true, url: true },
  });
  const newest = new Map<string, string>();
  for (const row of rows) if (!newest.has(row.url)) newest.set(row.url, row.id);
  const ids = [...newest.values()];
  const stored = await db.sourceSnapshot.findMany({
    where: { id: { in: ids } },
    select: { id: true, url: true, facts: true, facts_version: true },
  });
  const current = new Map(stored.map((r) => [r.id, storedFacts(r.facts, r.facts_version)]));
  // Texts are loaded only for copies an older extractor read (a text can be megabytes).
  const stale = ids.filter((id) => !current.get(id));
  const texts = stale.length
    ? await db.sourceSnapshot.findMany({ where: { id: { in: stale } }, select: { id: true, text: true } })
    : [];
  const textOf = new Map(texts.map((r) => [r.id, r.text]));
  const byUrl = new Map<string, SourceFacts>();
  for (const row of stored) {
    const facts = current.get(row.id) ?? null;
    byUrl.set(row.url, factsOf({ ok: true, text: textOf.get(row.id) ?? "", facts, factsVersion: row.facts_version }));
  }
  return byUrl;
}

/**
 * /noticias/{slug}/fuentes: per source readers are shown, the quotations and figures the article relies on
 * (those its found claims match), each with the anchors of those claims. Empty without a public report.
 */
export async function publicSourceFacts(db: DbClient, store: ReportStore, slug: string): Promise<SourceReliedFacts[]> {
  const verification = await publicVerification(db, store, slug);
  if (!verification?.claims.length) return [];
  const facts = await copiesFacts(db, slug, verification);
  return verification.sources.flatMap((s) => {
    const own = facts.get(s.url);
    const relied = own ? reliedOn(s.n, own, verification.claims) : null;
    return relied && (relied.quotes.length || relied.figures.length) ? [relied] : [];
  });
}
