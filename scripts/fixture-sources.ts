import { startFixtureSources } from "../tests/support/fixture-sources.ts";
import { scopedProcessLog } from "./process-log.mjs";

const log = scopedProcessLog("fixtures");

/**
 * The fixture corpus (tests/fixtures/sources) on loopback, standing in for official sites so the agents'
 * pipeline can run end to end without the internet: `npx tsx scripts/fixture-sources.ts [port]` (default 4010),
 * then start the site with SOURCE_FETCH_EXTRA_HOSTS=127.0.0.1:<port> (README, "Grounded drafts").
 */
const port = Number(process.argv[2] ?? 4010);
const server = await startFixtureSources(port);
log.info(
  `official-site stand-in at ${server.url} (e.g. ${server.url}/digital-strategy.ec.europa.eu/es/ai-act-calendario.html)`,
);
process.on("SIGINT", () => void server.close().then(() => process.exit(0)));
