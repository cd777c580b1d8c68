import { inject } from "vitest";
import type { FediverseOptions } from "~/features/fediverse/federation.ts";
import { type FediverseSite, startFediverseSiteOn } from "./fediverse-loopback-site.ts";
import { freshDatabase } from "./fresh-database.ts";

export type { FediverseSite } from "./fediverse-loopback-site.ts";

/** One site's federation on loopback (fediverse-loopback-site.ts) on a fresh copy of the migrated template. */
export async function startFediverseSite(
  name: string,
  opts: Pick<FediverseOptions, "circuitBreaker"> = {},
): Promise<FediverseSite> {
  const url = await freshDatabase(inject("adminDatabaseUrl"), `fedi_${name}`, inject("migratedTemplate"));
  return startFediverseSiteOn(url, name, opts);
}
