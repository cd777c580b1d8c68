import { getTranslations } from "next-intl/server";
import type { Locale } from "~/platform/i18n/locales.ts";
import { fediverseRepliesContent } from "../public-replies.ts";
import { RepliesList } from "./replies-list.tsx";

/** Under the article: the replies from the fediverse the desk approved, in the page's language. */
export async function ArticleReplies({ slug, locale }: { slug: string; locale: Locale }) {
  const replies = await fediverseRepliesContent(slug, locale);
  if (replies.length === 0) return null;
  const t = await getTranslations({ locale, namespace: "fediverseReplies" });
  return (
    <RepliesList
      replies={replies}
      texts={{ title: t("title"), intro: t("intro"), by: (handle) => t("by", { handle }) }}
    />
  );
}
