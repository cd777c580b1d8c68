/** The 8 main navigation items of docs/product.md §2, in order (label keys in the `nav` messages). */
export const NAV_ITEMS = [
  { key: "home", href: "/" },
  { key: "news", href: "/noticias" },
  { key: "interviews", href: "/entrevistas" },
  { key: "referents", href: "/referentes" },
  { key: "companies", href: "/empresas" },
  { key: "applications", href: "/aplicaciones" },
  { key: "resources", href: "/recursos" },
  { key: "services", href: "/servicios" },
] as const;

/** Whether a nav item is the current section (home only on exactly '/'). */
export function isCurrent(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The items' labels in the page's language, handed to the client navigation by the server. */
export type NavLabels = Record<(typeof NAV_ITEMS)[number]["key"], string>;

/** The labels from the `nav` messages (`t` is that namespace's translator). */
export function navLabels(t: (key: (typeof NAV_ITEMS)[number]["key"]) => string): NavLabels {
  return Object.fromEntries(NAV_ITEMS.map((item) => [item.key, t(item.key)])) as NavLabels;
}
