import { cached, SEED_MANAGED_TTL } from "~/platform/cache/cached.ts";
import { db } from "~/platform/db/db.ts";
import { type EditorialSlug, getContactSettings, getEditorialPage } from "./reads.ts";

/** Metodología, Publicidad and the contact settings: seed-managed, refreshed by time only. */
const editorial = () => ["public:editorial"];

/** Metodología, Publicidad and the contact settings, through Next's data cache (seed-managed). */
export const editorialContent = {
  editorialPage: cached(
    "editorial.page",
    (slug: EditorialSlug) => getEditorialPage(db, slug),
    editorial,
    SEED_MANAGED_TTL,
  ),
  contactSettings: cached("editorial.contact", () => getContactSettings(db), editorial, SEED_MANAGED_TTL),
};
