import { useTranslations } from "~/platform/i18n/server.ts";
import { Link } from "~/platform/i18n/server-link.tsx";
import { NOT_FOUND_ATTRIBUTE, NOT_FOUND_VALUE } from "~/platform/request-edge/page-status.js";
import { Button } from "~/ui/button.tsx";

type Key = "title" | "article" | "interview" | "referent" | "newsletter";

/**
 * The not-found pages (docs/product.md §8 texts) with a back link, answered with HTTP 404: by the proxy's
 * rewrite, or, on a page Next caches, by the cache handler, which reads the marker on <main> (page-status.js).
 */
export function NotFoundView({
  title,
  body,
  back,
  href,
}: {
  title: Key;
  body: "body" | `${Exclude<Key, "title">}Body`;
  back: "back" | `${Exclude<Key, "title">}Back`;
  href: string;
}) {
  const t = useTranslations("notFound");
  return (
    <main
      className="mx-auto max-w-2xl px-4 py-24 text-center"
      data-testid="not-found"
      {...{ [NOT_FOUND_ATTRIBUTE]: NOT_FOUND_VALUE }}
    >
      <p className="kicker">404</p>
      <h1 className="mt-3 font-serif text-4xl font-bold md:text-5xl">{t(title)}</h1>
      <p className="mt-4 text-lg text-muted">{t(body)}</p>
      <Button asChild variant="secondary" className="mt-8">
        <Link href={href}>← {t(back)}</Link>
      </Button>
    </main>
  );
}
