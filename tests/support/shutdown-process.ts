/**
 * A process with the embedded job engine started as the server starts it, and one more part that stops on
 * SIGTERM with slow work of its own (as the server stores its buffered hits): a row written after a second.
 */
import { db } from "~/platform/db/db.ts";
import { embeddedPort } from "~/platform/jobs/engines/embedded.ts";
import { holdExit } from "~/platform/shutdown/exit-after.ts";

await embeddedPort.start([]);
process.prependListener("SIGTERM", () => {
  void holdExit(db.$executeRawUnsafe("SELECT pg_sleep(1); INSERT INTO shutdown_marks (note) VALUES ('stored')"));
});
process.send?.({ ready: true });
