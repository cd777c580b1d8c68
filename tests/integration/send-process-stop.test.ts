import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { createPrivateDatabase } from "../support/private-database.ts";
import { until } from "../support/until.ts";

const database = await createPrivateDatabase("sendstop");

/**
 * The newsletter send's own process (scripts/send-process.ts) as the launcher runs it, on real PostgreSQL. A stop
 * reaches it twice — from the launcher and from the signal to the site's process group — and the second must not
 * cut short the graceful stop the first began (running batches end and are stored): it exits 0, by itself.
 */
describe("the newsletter send's own process", () => {
  it("stops gracefully when the stop signal arrives twice", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/send-process.ts"], {
      env: { ...process.env, DATABASE_URL: database.url, NODE_ENV: "production", NEXTAUTH_SECRET: "x".repeat(40) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr.on("data", (d) => {
      out += d;
    });
    const exited = once(child, "exit");
    await until("the send process to work its queues", async () => out.includes("working its queues"), {
      timeoutMs: 60_000,
    });
    child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 50));
    child.kill("SIGTERM");
    const [code, signal] = await exited;
    expect({ code, signal }, out).toEqual({ code: 0, signal: null });
  }, 90_000);
});
