import type { DbClient } from "~/platform/db/client.ts";

export const EDITORIAL_SLUGS = ["metodologia", "publicidad"] as const;
export type EditorialSlug = (typeof EDITORIAL_SLUGS)[number];

export async function getEditorialPage(db: DbClient, slug: EditorialSlug) {
  return db.editorialPage.findUnique({ where: { slug } });
}

/** The singleton contact settings (privacy note, channels); null before the seed ran. */
export async function getContactSettings(db: DbClient) {
  const row = await db.contactSettings.findUnique({ where: { id: 1 } });
  if (!row) return null;
  const channels = Array.isArray(row.contact_channels)
    ? (row.contact_channels as { type?: string; label?: string; value?: string }[]).filter(
        (c): c is { type: string; label: string; value: string } =>
          typeof c?.label === "string" && typeof c?.value === "string",
      )
    : [];
  return { ...row, contact_channels: channels };
}
