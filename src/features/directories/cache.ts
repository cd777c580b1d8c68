import { cached, cachedBySlug, SEED_MANAGED_TTL } from "~/platform/cache/cached.ts";
import { db } from "~/platform/db/db.ts";
import {
  getReferent,
  listApplications,
  listCompanies,
  listReferentRefs,
  listReferents,
  listResources,
  referentExists,
} from "./reads.ts";

/** Referents, companies, applications, resources: seed-managed, refreshed by time only. */
const directories = () => ["public:directories"];

/** The directories' reads for pages, through Next's data cache (seed-managed: refreshed by time and by tag). */
export const directoryContent = {
  referents: cached(
    "directories.referents",
    (opts: { focus?: string; limit?: number }) => listReferents(db, opts),
    directories,
    SEED_MANAGED_TTL,
  ),
  referent: cachedBySlug(
    "directories.referent",
    (slug: string) => getReferent(db, slug),
    directories,
    SEED_MANAGED_TTL,
  ),
  /** Whether the referent page exists (the proxy's 404 check). */
  referentExists: cachedBySlug(
    "directories.referentExists",
    (slug: string) => referentExists(db, slug),
    directories,
    SEED_MANAGED_TTL,
  ),
  referentRefs: cached("directories.referentRefs", () => listReferentRefs(db), directories, SEED_MANAGED_TTL),
  companies: cached(
    "directories.companies",
    (opts: { type?: string }) => listCompanies(db, opts),
    directories,
    SEED_MANAGED_TTL,
  ),
  applications: cached(
    "directories.applications",
    (opts: { category?: string; limit?: number }) => listApplications(db, opts),
    directories,
    SEED_MANAGED_TTL,
  ),
  resources: cached(
    "directories.resources",
    (opts: { type?: string }) => listResources(db, opts),
    directories,
    SEED_MANAGED_TTL,
  ),
};
