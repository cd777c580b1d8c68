import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * `uncaughtException: Error: aborted (ECONNRESET)`: after the proxy has run on a request with a body, Next swaps
 * in a buffered copy of the body by copying the copy's fields over the request (its listener table among them),
 * which dropped the request guard's 'error' listener. A client that went away after sending its whole body but
 * before the answer was finished then raised Node's "aborted" with no listener left. Driven here on the guard
 * and Next's own body module, in a program of its own (tests/support/guarded-server.mjs).
 */
let server: ChildProcess;
let port = 0;
let output = "";

beforeAll(async () => {
  server = spawn(process.execPath, [path.resolve("tests/support/guarded-server.mjs")], {
    env: { ...process.env, ANSWER_DELAY_MS: "150" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  await new Promise<void>((resolve) => {
    const ready = () => {
      const first = output.split("\n")[0];
      if (first && output.includes("\n")) {
        port = Number(first);
        resolve();
      } else setTimeout(ready, 20);
    };
    ready();
  });
  // The server loads Next's body module on start: seconds when the tiers beside it keep both cores busy.
}, 60_000);
afterAll(() => {
  server?.kill("SIGKILL");
});

/** A POST sent whole, then the connection reset (or closed) after `delay` ms, before the answer comes. */
function abandon(delay: number, reset: boolean) {
  return new Promise<void>((resolve) => {
    const socket = net.connect(port, "127.0.0.1", () => {
      const body = '{"email":"a@example.com"}';
      socket.write(
        `POST /api/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
      );
      setTimeout(() => (reset ? socket.resetAndDestroy() : socket.destroy()), delay);
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve());
  });
}

describe("a client that goes away after its whole body, before the answer", () => {
  it("meets the guard's listener, not an uncaught exception (Next's buffered body swapped in)", async () => {
    await Promise.all(Array.from({ length: 40 }, (_, i) => abandon(20 + (i % 8) * 10, i % 2 === 0)));
    await new Promise((r) => setTimeout(r, 400));
    const exited = new Promise((resolve) => server.on("exit", resolve));
    server.kill("SIGTERM");
    await exited;
    const report = JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as { uncaught: string[] };
    expect(report.uncaught).toEqual([]);
  });
});
