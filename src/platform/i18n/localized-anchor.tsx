import type { ComponentProps } from "react";
import { type Locale, localizedPath } from "./locales.ts";

/** A link's props: `href` a site path ("/noticias"), shown in `locale` (the page's language by default). */
export type LinkProps = Omit<ComponentProps<"a">, "href"> & { href: string; locale?: Locale };

/**
 * The anchor behind both `Link`s (server-link.tsx, link.tsx): a plain <a>, not next/link. Reader pages are whole
 * cached documents, so a click loads the next one as it is stored, and no page ships the client router's link code.
 */
export function LocalizedAnchor({ href, locale, ...props }: Omit<LinkProps, "locale"> & { locale: Locale }) {
  return <a href={localizedPath(href, locale)} {...props} />;
}
