import { getTranslations } from "next-intl/server";
import { articleContent } from "~/features/articles/index.ts";
import { directoryContent } from "~/features/directories/index.ts";
import { editorialContent } from "~/features/editorial/index.ts";
import { interviewContent } from "~/features/interviews/index.ts";
import { newsletterContent } from "~/features/newsletter/index.ts";
import { truncate } from "~/platform/i18n/format.ts";
import { pick } from "~/platform/i18n/localized.ts";
import type { Locale } from "~/platform/i18n/routing.ts";
import { taxonomyLabel } from "~/platform/i18n/taxonomy.ts";
import { spanishPagePath } from "~/platform/i18n/translated-paths.js";

/** What a share card says: the section or kind, the headline, and a footer line (date or tagline). */
type ShareCard = { kicker: string; title: string; footer: string };

/** The list and info pages with a card of their own, by path segment → their messages namespace. */
const SECTION_NAMESPACES: Record<string, string> = {
  noticias: "newsPage",
  entrevistas: "interviewsPage",
  referentes: "referentsPage",
  empresas: "companiesPage",
  aplicaciones: "applicationsPage",
  recursos: "resourcesPage",
  servicios: "servicesPage",
  contacto: "contactPage",
  newsletter: "newsletterArchive",
  correcciones: "corrections",
};
const EDITORIAL = new Set(["metodologia", "publicidad"]);

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The card of a public page, from its path segments without the locale (`[]` is home): one per page kind,
 * or per item where the page shows one. Null for anything that is not a public page.
 */
export async function shareCard(locale: Locale, segments: string[]): Promise<ShareCard | null> {
  const site = await getTranslations({ locale, namespace: "site" });
  if (segments.length > 2) return null;
  // A page with a translated path (/en/corrections, /en/authors/x) has the card of its Spanish path.
  const spanish = segments.length ? spanishPagePath(locale, `/${segments.join("/")}`) : "";
  const [section, slug] = spanish.slice(1).split("/");
  if (!section) {
    const home = await getTranslations({ locale, namespace: "home" });
    return { kicker: home("heroKicker"), title: home("heroTitle"), footer: site("tagline") };
  }
  if (!slug) {
    if (EDITORIAL.has(section)) {
      const page = await editorialContent.editorialPage(section as "metodologia" | "publicidad");
      if (!page) return null;
      const title = pick(locale, page.title_es, page.title_en);
      return {
        kicker: title,
        title: truncate(pick(locale, page.dek_es, page.dek_en) ?? title, 150),
        footer: site("tagline"),
      };
    }
    const namespace = SECTION_NAMESPACES[section];
    if (!namespace) return null;
    const t = await getTranslations({ locale, namespace });
    return { kicker: t("title"), title: truncate(t("description"), 150), footer: site("tagline") };
  }
  if (section === "noticias") {
    const article = await articleContent.article(slug);
    if (!article) return null;
    const [types, cards] = await Promise.all([
      getTranslations({ locale, namespace: "taxonomy.types" }),
      getTranslations({ locale, namespace: "cards" }),
    ]);
    return {
      kicker: article.sponsored ? cards("industryUpdate") : taxonomyLabel(types, article.type),
      title: pick(locale, article.title_es, article.title_en),
      footer: day(article.date),
    };
  }
  if (section === "entrevistas") {
    const interview = await interviewContent.interview(slug);
    if (!interview) return null;
    const t = await getTranslations({ locale, namespace: "interviewsPage" });
    return {
      kicker: `${t("intro")} · ${interview.interviewee.name}`,
      title: pick(locale, interview.title_es, interview.title_en),
      footer: day(interview.date),
    };
  }
  if (section === "newsletter") {
    const issue = await newsletterContent.issue(slug);
    if (!issue) return null;
    const t = await getTranslations({ locale, namespace: "newsletterArchive" });
    return {
      kicker: t("kicker"),
      title: pick(locale, issue.subject_es, issue.subject_en),
      footer: issue.sent_at ? day(issue.sent_at) : site("tagline"),
    };
  }
  if (section === "autores") {
    // Every name that signs a published article has a page (the sitemap's); editors and agents too.
    const signed = await articleContent.authorArticles(slug);
    const t = await getTranslations({ locale, namespace: "trust.author" });
    const name = signed.name ?? slug.replace(/-/g, " ").replace(/^\p{Ll}/u, (c) => c.toUpperCase());
    return { kicker: t("cardKicker"), title: name, footer: site("tagline") };
  }
  if (section === "referentes") {
    const referent = await directoryContent.referent(slug);
    if (!referent) return null;
    const t = await getTranslations({ locale, namespace: "referentsPage" });
    return { kicker: t("title"), title: referent.name, footer: pick(locale, referent.role_es, referent.role_en) };
  }
  return null;
}
