import { getTranslations } from "next-intl/server";
import type { Locale } from "~/platform/i18n/locales.ts";
import { sanitizeForeignHtml } from "~/platform/security/markdown.ts";
import { fediverseRepliesContent } from "../public-replies.ts";
import { REPLY_LINK_REL } from "../reply-rel.ts";

/** Under the article: the replies from the fediverse the desk approved, in the page's language. */
export async function ArticleReplies({ slug, locale }: { slug: string; locale: Locale }) {
  const replies = await fediverseRepliesContent(slug, locale);
  if (replies.length === 0) return null;
  const t = await getTranslations({ locale, namespace: "fediverseReplies" });
  return (
    <section aria-labelledby="fediverse-replies" className="mx-auto mt-12 max-w-3xl" data-testid="fediverse-replies">
      <h2 id="fediverse-replies" className="font-serif text-xl font-bold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-muted">{t("intro")}</p>
      <ol className="mt-4 space-y-4">
        {replies.map((r) => (
          <li key={r.id} className="border-l-2 border-rule pl-4" data-testid="fediverse-reply">
            <p className="text-sm font-semibold">
              <a
                href={r.author_url}
                rel={REPLY_LINK_REL}
                target="_blank"
                className="underline"
                aria-label={t("by", { handle: r.author_handle })}
              >
                {r.author_handle}
              </a>{" "}
              <time dateTime={r.published.toISOString()} className="font-normal text-muted">
                {r.published.toISOString().slice(0, 10)}
              </time>
            </p>
            <div
              className="prose-article mt-1 text-[0.95rem]"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on arrival and again here, by the site's allow-list
              dangerouslySetInnerHTML={{ __html: sanitizeForeignHtml(r.content, REPLY_LINK_REL) }}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
