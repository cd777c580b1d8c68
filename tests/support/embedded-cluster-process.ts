/**
 * A script's process with a throwaway embedded PostgreSQL and no signal handler of its own (as `npm run backup`
 * has): it tells its parent the cluster's postmaster pid once the cluster is up.
 */
import fs from "node:fs";
import path from "node:path";
import { startEmbeddedPostgres, tempDataDir } from "~/platform/db/embedded-postgres.ts";
import { freePort } from "../setup/postgres.ts";

const dataDir = tempDataDir("riesgos-pg-signal-");
await startEmbeddedPostgres({ dataDir, port: await freePort(), persistent: false });
const postmaster = Number(fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
process.send?.({ postmaster });
setInterval(() => {}, 60_000);
