/** The admin panel's deep-linkable sections: /admin/<slug> (the same slugs in both languages). */
export const ADMIN_TABS = [
  { key: "subscriptions", slug: "suscripciones" },
  { key: "newsletters", slug: "newsletters" },
  { key: "agents", slug: "agentes" },
  { key: "publications", slug: "publicaciones" },
  { key: "migration", slug: "migracion" },
  { key: "audit", slug: "auditoria" },
  { key: "jobs", slug: "trabajos" },
  { key: "stats", slug: "estadisticas" },
  { key: "readerReports", slug: "avisos" },
  { key: "fediverse", slug: "fediverso" },
] as const;

export type AdminTabKey = (typeof ADMIN_TABS)[number]["key"];
export type AdminSectionKey = AdminTabKey | "users";

const USERS_SLUG = "usuarios";

/** `/admin` shows the first tab; unknown slugs are a 404. */
export function sectionFromSlug(slug: string | undefined): AdminSectionKey | null {
  if (!slug) return ADMIN_TABS[0].key;
  if (slug === USERS_SLUG) return "users";
  return ADMIN_TABS.find((tab) => tab.slug === slug)?.key ?? null;
}

export function sectionPath(section: AdminSectionKey): string {
  if (section === "users") return `/admin/${USERS_SLUG}`;
  return `/admin/${ADMIN_TABS.find((tab) => tab.key === section)?.slug}`;
}
