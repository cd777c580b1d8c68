import type { ComponentProps } from "react";
import { type Locale, localizedPath } from "./locales.ts";
import { useLocale } from "./server.ts";

/**
 * A link to a site path ("/noticias") in the request's language, or in `locale`, for server components: a plain
 * anchor, so a page ships no client code for its links (client islands use `Link` of link.tsx, the same anchor).
 */
export function Link({
  href,
  locale,
  ...props
}: Omit<ComponentProps<"a">, "href"> & { href: string; locale?: Locale }) {
  const current = useLocale();
  return <a href={localizedPath(href, locale ?? current)} {...props} />;
}
