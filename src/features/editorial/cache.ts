import { cached, SEED_MANAGED_TTL } from "~/platform/cache/cached.ts";
import { expireTags } from "~/platform/cache/expire-tags.ts";
import { db } from "~/platform/db/db.ts";
import { type EditorialSlug, getContactSettings, getEditorialPage } from "./reads.ts";
import { getTrustSettings } from "./trust-settings.ts";

/** Metodología, Publicidad and the contact settings: seed-managed, refreshed by time only. */
const editorial = () => ["public:editorial"];
/** The trust settings (/trust.txt): expired when an admin saves them. */
const TRUST = "public:trust";

/** Metodología, Publicidad, the contact and trust settings, through Next's data cache. */
export const editorialContent = {
  editorialPage: cached(
    "editorial.page",
    (slug: EditorialSlug) => getEditorialPage(db, slug),
    editorial,
    SEED_MANAGED_TTL,
  ),
  contactSettings: cached("editorial.contact", () => getContactSettings(db), editorial, SEED_MANAGED_TTL),
  trustSettings: cached(
    "editorial.trust",
    () => getTrustSettings(db),
    () => [TRUST],
    SEED_MANAGED_TTL,
  ),
};

export async function invalidateTrust(): Promise<void> {
  await expireTags([TRUST]);
}
