import { inngestConfigured } from "./client.ts";
import { getEngine, stopEngine } from "./engine/engine.ts";

/** Starts the embedded engine in the server process (Inngest, when configured, calls /api/inngest instead). */
export async function startJobs(): Promise<void> {
  if (inngestConfigured) return;
  try {
    const engine = await getEngine();
    console.log(`[jobs] embedded engine started (pg-boss, schema ${engine.schema})`);
  } catch (err) {
    console.error(`[jobs] the job engine did not start: ${(err as Error).message}`);
    return;
  }
  // A graceful stop lets running steps finish; a kill -9 is recovered by the next process (see engine.ts).
  for (const signal of ["SIGTERM", "SIGINT"] as const)
    process.once(signal, () => {
      void stopEngine().finally(() => process.exit(0));
    });
}
