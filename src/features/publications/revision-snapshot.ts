import type { Article } from "~/generated/prisma/client.ts";

import { RESTORABLE_FIELDS } from "./schema.ts";

export { RESTORABLE_FIELDS };

/** The fields an editor may change (PATCH /api/articles/{slug}): the restorable ones but `author`. */
export const EDITABLE_FIELDS = RESTORABLE_FIELDS.filter((f) => f !== "author");

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
