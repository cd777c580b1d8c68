import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, formatFor } from "~/platform/log/create-logger.mjs";
import { requestLog } from "~/platform/log/logger.ts";

/** A logger call as written in the source: its name and its arguments' first 300 characters, over lines. */
const LOG_CALL = /\b\w*(?:log|Log|logger|\))\.(?:trace|debug|info|warn|error|fatal)\([\s\S]{0,300}/g;
/** A text argument that opens with a [prefix]: the scope belongs in a child logger's field. */
const PREFIXED_TEXT = /^[^;]*?(?:[(,]\s*)(?:`|")\[[\w -]+\] /;

function sourceFiles(roots: string[]): string[] {
  return roots.flatMap((root) =>
    fs
      .readdirSync(root, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !f.includes("generated"))
      .map((f) => path.join(root, f)),
  );
}

/** A destination that keeps what the logger wrote. */
function sink() {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, text: () => chunks.join("") };
}

describe("the logger", () => {
  it("writes one JSON object per line in production, with its level, time, message and the request's id", () => {
    expect(formatFor("production")).toBe("json");
    const out = sink();
    const logger = createLogger({ level: "info", format: formatFor("production"), destination: out.stream });
    const headers = new Headers({ "x-request-id": "req-7f3a" });
    requestLog(headers, logger).error({ err: new Error("boom") }, "unexpected failure");
    logger.debug("below the level: not written");
    logger.info("no request here");

    const lines = out.text().trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    const [first = {}, second = {}] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(first).toMatchObject({
      level: "error",
      reqId: "req-7f3a",
      msg: "unexpected failure",
      pid: process.pid,
    });
    expect((first.err as { message: string }).message).toBe("boom");
    expect(new Date(String(first.time)).toISOString()).toBe(first.time);
    expect(second).toMatchObject({ level: "info", msg: "no request here" });
    expect(second).not.toHaveProperty("reqId");
  });

  it("writes readable lines, not JSON, in development on a terminal, with the scope before the message", () => {
    expect(formatFor("development", true)).toBe("pretty");
    const out = sink();
    const logger = createLogger({ level: "debug", format: formatFor("development", true), destination: out.stream });
    logger.child({ scope: "db" }).child({ reqId: "req-1" }).warn("slow start");
    const text = out.text();
    expect(text).toMatch(/WARN.*\[db\] slow start/);
    expect(text).toContain("reqId");
    expect(() => JSON.parse(text)).toThrow();
  });

  it("writes JSON where no one reads a terminal: development piped to a file, tests", () => {
    expect(formatFor("development", false)).toBe("json");
    expect(formatFor("test", false)).toBe("json");
    expect(formatFor("production", true)).toBe("json");
  });

  it("carries the scope as a field and an error's stack, not only its message", () => {
    const out = sink();
    const logger = createLogger({ level: "info", format: "json", destination: out.stream });
    logger.child({ scope: "jobs" }).error({ err: new Error("heartbeat lost") }, "heartbeat failed");
    const line = JSON.parse(out.text()) as { scope: string; msg: string; err: { stack: string } };
    expect(line).toMatchObject({ scope: "jobs", msg: "heartbeat failed" });
    expect(line.err.stack).toMatch(/Error: heartbeat lost\n\s+at /);
  });
});

describe("the app's log calls", () => {
  it("name their part with a child logger's scope, never a [prefix] in the text, and log errors whole", () => {
    const calls = sourceFiles(["src", "scripts"]).flatMap((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(LOG_CALL)].map((m) => `${file}: ${m[0]}`),
    );
    expect(calls.filter((c) => PREFIXED_TEXT.test(c))).toEqual([]);
    // A text made elsewhere and logged (a warning the launcher and the instrumentation print) names no scope either.
    const madeForLogs = sourceFiles(["src/platform/http"]).filter((f) =>
      /(?:Warning|warning)\(\)[^{]*\{[^}]*return `\[/.test(fs.readFileSync(f, "utf8")),
    );
    expect(madeForLogs).toEqual([]);
    // An error's message may be in the text only when the error itself (with its stack) is logged too.
    expect(calls.filter((c) => /\$\{[^}]*\.message/.test(c) && !/\(\s*\{\s*err\b/.test(c))).toEqual([]);
  });
});
