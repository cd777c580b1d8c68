import path from "node:path";
import { afterAll, expect } from "vitest";
import { endTurn, takeTurn } from "./turns.ts";

// Seeded-site and whole-site files: one at a time on the shared server, in the sequencer's order (./turns.ts).
const file = path
  .relative(process.cwd(), expect.getState().testPath ?? "")
  .split(path.sep)
  .join("/");
await takeTurn(file);
afterAll(() => endTurn(file));
