import type { Article } from "~/generated/prisma/client.ts";

/** The fields an editor may change (PATCH /api/articles/{slug}) — also what a restore brings back. */
export const EDITABLE_FIELDS = [
  "title_es",
  "title_en",
  "summary_es",
  "summary_en",
  "body_es",
  "body_en",
  "topics",
  "tags",
  "type",
  "sources",
  "author_name",
  "image_url",
  "sponsored",
  "sponsor_label",
] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** Restorable content: the editable fields plus `author` (set together with author_name by author migration). */
export const RESTORABLE_FIELDS = [...EDITABLE_FIELDS, "author"] as const;
export type RestorableField = (typeof RESTORABLE_FIELDS)[number];

/** Everything a revision records: content plus the editorial state around it. */
const REVISIONED_FIELDS = [...RESTORABLE_FIELDS, "status", "publish_at", "featured", "is_static"] as const;
export type RevisionedField = (typeof REVISIONED_FIELDS)[number];

export type Snapshot = Partial<Record<RevisionedField, unknown>>;

/** A JSON-safe copy of the revisioned fields of a row (dates as ISO strings). */
export function snapshotOf(row: Article): Snapshot {
  const out: Snapshot = {};
  for (const field of REVISIONED_FIELDS) {
    const value = row[field];
    out[field] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}

/** The revisioned fields whose values differ between two snapshots. */
export function changedFields(before: Snapshot, after: Snapshot): RevisionedField[] {
  return REVISIONED_FIELDS.filter((f) => JSON.stringify(before[f] ?? null) !== JSON.stringify(after[f] ?? null));
}
