import path from "node:path";
import { scriptArgv, superviseProcess } from "./process-supervisor.ts";

/**
 * V8 limits of the fediverse's own process: a fan-out's garbage (each delivery's signed request, its rows) is
 * collected at once instead of growing towards a heap limit sized for the machine. A fan-out to 10,000
 * followers holds their recipients and the shared activity at most: well under the cap (bench/README.md,
 * "Fediverse fan-out").
 */
export const FEDIVERSE_PROCESS_V8_FLAGS = ["--max-semi-space-size=16", "--max-old-space-size=256"];

/**
 * Node's arguments for the fediverse's own process: the launcher passes its bundle; tests and the bench run the
 * source (through tsx) by default.
 */
export const fediverseProcessArgv = (script = path.resolve("scripts/fediverse-process.ts")) =>
  scriptArgv(script, FEDIVERSE_PROCESS_V8_FLAGS);

/**
 * Starts the fediverse's own process (scripts/fediverse-process.ts, or its bundle) and starts it again whenever
 * it dies: the runs it was working are taken over by the new one (deliveries recorded delivered are not sent
 * again).
 */
export function superviseFediverseProcess(
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  readyUrl: string,
  script?: string,
) {
  return superviseProcess({ name: "the fediverse's process", argv: fediverseProcessArgv(script), env, log, readyUrl });
}
