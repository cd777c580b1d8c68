import path from "node:path";
import { scriptArgv, superviseProcess } from "./process-supervisor.ts";

/**
 * V8 limits of the send's own process. A send allocates a few hundred MB of short-lived objects per minute
 * (recipients, request bodies); a small young generation and old-space cap make V8 collect them at once
 * instead of growing to a heap limit sized for the machine. bench/history/2026-11-21-to-25.md, "Newsletter send
 * in its own process", has the figures (1,000,000 recipients within the 300 MB goal).
 */
export const SEND_PROCESS_V8_FLAGS = ["--max-semi-space-size=16", "--max-old-space-size=128"];

/**
 * Starts the newsletter send's own process (scripts/send-process.ts, or its bundle: scripts/process-bundles.ts)
 * and starts it again whenever it dies: a crash in the middle of a send is then taken over by the new process (or
 * by the server's recovery sweep), which resumes after the last batch stored.
 */
export function superviseSendProcess(
  env: NodeJS.ProcessEnv,
  log: (line: string) => void,
  readyUrl: string,
  script = path.resolve("scripts/send-process.ts"),
) {
  return superviseProcess({
    name: "the newsletter send's process",
    argv: scriptArgv(script, SEND_PROCESS_V8_FLAGS),
    env,
    log,
    readyUrl,
  });
}
