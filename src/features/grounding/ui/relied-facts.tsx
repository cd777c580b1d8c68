import type { FigureKind } from "../facts/types.ts";
import type { SourceReliedFacts } from "../public-facts.ts";

type FactsKey =
  | "facts.title"
  | "facts.intro"
  | "facts.source"
  | "facts.quotes"
  | "facts.figures"
  | "facts.unknownSpeaker"
  | "facts.kind"
  | "facts.value"
  | "facts.seeClaim"
  | `facts.kinds.${FigureKind}`;

/** The page's `sourcesPage` translator (next-intl's on the page; the catalog's own in tests). */
type FactsText = (key: FactsKey, values?: { n: number; name: string }) => string;

/**
 * /fuentes, after the passages: per source, the quotations (with who says them) and figures (with their kind)
 * the article takes from it, each linked to the claim above that rests on it. Only facts of the claims shown
 * (one language) appear; nothing at all when there are none.
 */
export function ReliedFacts({
  relied,
  sources,
  shown,
  t,
}: {
  relied: SourceReliedFacts[];
  sources: { n: number; name: string }[];
  /** The anchors of the claims the page shows. */
  shown: string[];
  t: FactsText;
}) {
  const ids = new Set(shown);
  const names = new Map(sources.map((s) => [s.n, s.name]));
  const firstShown = (claims: string[]) => claims.find((c) => ids.has(c));
  const groups = relied
    .map((r) => ({
      n: r.n,
      quotes: r.quotes.filter((q) => firstShown(q.claims)),
      figures: r.figures.filter((f) => firstShown(f.claims)),
    }))
    .filter((g) => g.quotes.length || g.figures.length);
  if (!groups.length) return null;
  return (
    <section className="mt-12" aria-labelledby="relied-facts" data-testid="relied-facts">
      <h2 id="relied-facts" className="font-serif text-2xl font-bold">
        {t("facts.title")}
      </h2>
      <p className="mt-2 text-muted">{t("facts.intro")}</p>
      {groups.map((g) => (
        <div key={g.n} className="mt-6 rounded-md border border-rule p-5" data-testid="relied-source">
          <h3 className="font-semibold">{t("facts.source", { n: g.n, name: names.get(g.n) ?? "" })}</h3>
          {g.quotes.length ? (
            <>
              <h4 className="mt-3 text-sm font-semibold">{t("facts.quotes")}</h4>
              <ul className="mt-1 space-y-2">
                {g.quotes.map((q) => (
                  <li key={q.text} data-testid="relied-quote">
                    «{q.text}» —{" "}
                    {q.speaker ? (
                      <>
                        {q.speaker.name ?? q.speaker.role}
                        {q.speaker.name && q.speaker.role ? `, ${q.speaker.role}` : null}
                      </>
                    ) : (
                      <em>{t("facts.unknownSpeaker")}</em>
                    )}{" "}
                    <a href={`#${firstShown(q.claims)}`} className="text-accent-text underline">
                      {t("facts.seeClaim")}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {g.figures.length ? (
            <>
              <h4 className="mt-3 text-sm font-semibold">{t("facts.figures")}</h4>
              <table className="mt-1 w-full text-left text-sm">
                <thead>
                  <tr>
                    <th scope="col">{t("facts.kind")}</th>
                    <th scope="col">{t("facts.value")}</th>
                  </tr>
                </thead>
                <tbody>
                  {g.figures.map((f) => (
                    <tr key={`${f.kind}|${f.raw}`} data-testid="relied-figure" data-kind={f.kind}>
                      <td>{t(`facts.kinds.${f.kind}`)}</td>
                      <td>
                        {f.raw}{" "}
                        <a href={`#${firstShown(f.claims)}`} className="text-accent-text underline">
                          {t("facts.seeClaim")}
                        </a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          ) : null}
        </div>
      ))}
    </section>
  );
}
