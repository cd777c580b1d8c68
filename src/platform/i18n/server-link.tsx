import { type LinkProps, LocalizedAnchor } from "./localized-anchor.tsx";
import { useLocale } from "./server.ts";

/** A link in the request's language, or in `locale`, for server components (islands use link.tsx's). */
export function Link({ locale, ...props }: LinkProps) {
  const current = useLocale();
  return <LocalizedAnchor locale={locale ?? current} {...props} />;
}
