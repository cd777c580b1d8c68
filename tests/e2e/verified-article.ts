import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { buildArticle, buildArticleRevision } from "../support/builders.ts";
import { e2eDatabase } from "./db.ts";
import { signIn } from "./rest-contract/client.ts";

const SOURCE_URL = "https://digital-strategy.ec.europa.eu/en/consultations/high-risk-ai";
const SOURCE_TEXT = [
  "The European Commission has opened a public consultation on the guidelines for high-risk AI systems.",
  "Stakeholders can reply until 18 July 2025.",
  "The consultation covers the classification rules set out in Article 6 of the AI Act.",
  "The AI Office received 1,200 contributions to its previous consultation.",
  "Executive Vice-President Henna Virkkunen said: “Clear guidelines will help companies comply.”",
].join("\n");

/**
 * A published article with a stored verification report, as an agent's verified publish leaves it (a source
 * snapshot and a revision holding the report), under a slug no page has shown yet: the pages that validators
 * and axe judge render it from the database.
 */
export async function buildVerifiedArticle() {
  const db = e2eDatabase();
  try {
    const article = await buildArticle(db, {
      status: "published",
      published_at: new Date(),
      is_agent: true,
      body_es: "La Oficina de IA recibió 1.200 contribuciones a su consulta anterior [1].",
      body_en: "The AI Office received 1,200 contributions to its previous consultation [1].",
      title_en: "Checked article",
      summary_en: "Summary",
      sources: [{ name: "Comisión Europea: consulta", url: SOURCE_URL }],
    });
    const fetchedAt = new Date(Date.now() - 3600_000);
    await db.sourceSnapshot.create({
      data: {
        article_id: article.id,
        url: SOURCE_URL,
        final_url: SOURCE_URL,
        ok: true,
        http_status: 200,
        fetched_at: fetchedAt,
        title: "Consultation",
        text: SOURCE_TEXT,
      },
    });
    const claim = (lang: "es" | "en", claimText: string, sentence: string) => ({
      lang,
      kind: "figure",
      claim: claimText,
      sentence,
      found: true,
      n: 1,
      passage: "The AI Office received 1,200 contributions to its previous consultation.",
    });
    const report = {
      status: "verified",
      checkedAt: new Date().toISOString(),
      sources: [{ n: 1, url: SOURCE_URL, state: "fetched", status: 200 }],
      claims: [
        claim("es", "1.200", "La Oficina de IA recibió 1.200 contribuciones a su consulta anterior [1]."),
        claim("en", "1,200", "The AI Office received 1,200 contributions to its previous consultation [1]."),
      ],
      findings: [],
    };
    await buildArticleRevision(db, {
      article_id: article.id,
      action: "verify",
      verification_status: "verified",
      verification: report,
    });
    return article;
  } finally {
    await db.$disconnect();
  }
}

/**
 * Deletes that article the way an editor does (DELETE /api/articles/{slug} as the admin), so every cached list
 * and page drops it at once and the files that count the seed find the seed again.
 */
export async function removeVerifiedArticle(baseUrl: string, slug: string) {
  const admin = await signIn(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
  const res = await admin.call("DELETE", `/api/articles/${slug}`);
  if (res.status >= 300) throw new Error(`deleting ${slug}: ${res.status} ${await res.text()}`);
}
