/**
 * A process that has loaded the embedded PostgreSQL module, as the launcher and the server have (they start no
 * cluster when DATABASE_URL is set), and ends itself on SIGTERM once its slow work is done (as the server
 * stores its buffered hits, as the launcher waits for its server): a row written after a second, exit code 0.
 */
import "~/platform/db/embedded-postgres.ts";
import { db } from "~/platform/db/db.ts";
import { exitAfter } from "~/platform/shutdown/exit-after.ts";

process.on("SIGTERM", () => {
  void exitAfter(
    () => db.$executeRawUnsafe("SELECT pg_sleep(1); INSERT INTO shutdown_marks (note) VALUES ('stored')"),
    0,
  );
});
process.send?.({ ready: true });
// Alive until signalled, as a server is.
setInterval(() => {}, 60_000);
