import type { DbClient } from "~/platform/db/client.ts";

/** What every dispatcher and listener gets: the site's database (one per instance in the two-site tests). */
export interface FediverseData {
  db: DbClient;
}
