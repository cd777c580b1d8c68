import type { DbClient } from "~/platform/db/client.ts";
import { archivedWhere } from "../lookup.ts";
import type { NewsletterItem } from "../schema.ts";

/** A sent newsletter as the public archive shows it: its content only, nothing about who got it. */
export interface ArchivedNewsletter {
  id: string;
  slug: string;
  subject_es: string;
  subject_en: string | null;
  intro_es: string;
  intro_en: string | null;
  items: NewsletterItem[];
  /** Null while the send is still going out (its readers may already follow "View in browser"). */
  sent_at: Date | null;
}

const archiveSelect = {
  id: true,
  slug: true,
  subject_es: true,
  subject_en: true,
  intro_es: true,
  intro_en: true,
  items: true,
  sent_at: true,
} as const;

type Row = { [K in keyof typeof archiveSelect]: unknown };

const toArchived = (row: Row): ArchivedNewsletter => row as ArchivedNewsletter;

/** Every sent newsletter with an archive address, newest first. */
export async function listArchivedNewsletters(db: DbClient): Promise<ArchivedNewsletter[]> {
  const rows = await db.newsletter.findMany({
    where: { status: "sent", slug: { not: null }, sent_at: { not: null } },
    orderBy: [{ sent_at: "desc" }, { id: "desc" }],
    select: archiveSelect,
    take: 500,
  });
  return rows.map(toArchived);
}

/** One sent (or being sent) newsletter by its archive slug; null for drafts, failed sends and unknown slugs. */
export async function getArchivedNewsletter(db: DbClient, slug: string): Promise<ArchivedNewsletter | null> {
  const row = await db.newsletter.findFirst({
    where: archivedWhere(slug),
    select: archiveSelect,
  });
  return row ? toArchived(row) : null;
}
