import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, formatFor } from "~/platform/log/create-logger.mjs";
import { requestLog } from "~/platform/log/logger.ts";

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
    requestLog(headers, logger).error({ err: new Error("boom") }, "[route] unexpected failure");
    logger.debug("below the level: not written");
    logger.info("no request here");

    const lines = out.text().trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    const [first = {}, second = {}] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(first).toMatchObject({
      level: "error",
      reqId: "req-7f3a",
      msg: "[route] unexpected failure",
      pid: process.pid,
    });
    expect((first.err as { message: string }).message).toBe("boom");
    expect(new Date(String(first.time)).toISOString()).toBe(first.time);
    expect(second).toMatchObject({ level: "info", msg: "no request here" });
    expect(second).not.toHaveProperty("reqId");
  });

  it("writes readable lines, not JSON, outside production", () => {
    expect(formatFor("development")).toBe("pretty");
    const out = sink();
    const logger = createLogger({ level: "debug", format: formatFor("development"), destination: out.stream });
    logger.child({ reqId: "req-1" }).warn("[db] slow start");
    const text = out.text();
    expect(text).toMatch(/WARN.*\[db\] slow start/);
    expect(text).toContain("reqId");
    expect(() => JSON.parse(text)).toThrow();
  });
});
