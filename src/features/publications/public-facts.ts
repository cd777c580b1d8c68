import { publicSourceFacts } from "~/features/grounding/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { revisionReports } from "./revision-reports.ts";

/** /fuentes: per source, the quotations and figures a published article relies on (its newest report's). */
export function readerFacts(db: DbClient, slug: string) {
  return publicSourceFacts(db, revisionReports, slug);
}
