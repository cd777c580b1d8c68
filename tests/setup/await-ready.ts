import fs from "node:fs";
import { type Marker, markerPath } from "./background-build.ts";

/**
 * Waits, before a file's tests, for what its project's global setup started in the background (the build, the
 * shared server): at most 25 minutes, the launcher's own limit for a build on a loaded machine.
 */
export async function awaitReady(name: string): Promise<void> {
  const deadline = Date.now() + 25 * 60_000;
  for (;;) {
    if (fs.existsSync(markerPath(name))) {
      const marker = JSON.parse(fs.readFileSync(markerPath(name), "utf8")) as Marker;
      if (marker.state === "ready") return;
      throw new Error(`${name} failed in the global setup: ${marker.error}`);
    }
    if (Date.now() > deadline) throw new Error(`${name} was not ready after 25 minutes`);
    await new Promise((r) => setTimeout(r, 500));
  }
}
