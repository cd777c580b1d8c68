import { cached, SEED_MANAGED_TTL } from "~/platform/cache/cached.ts";
import { CACHE_TAGS } from "~/platform/cache/tags.ts";
import { db } from "~/platform/db/db.ts";
import { type EditorialSlug, getContactSettings, getEditorialPage } from "./reads.ts";

const editorial = () => [CACHE_TAGS.editorial];

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
