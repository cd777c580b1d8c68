import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

/** Evaluates the site origin in a fresh process with exactly these variables (env.js reads them once). */
function origin(env: Record<string, string>) {
  const script = `
    const { siteUrl, siteUrlWarning } = await import("./src/platform/http/site-url.ts");
    const { listUnsubscribeHeaders } = await import("./src/features/newsletter/urls.ts");
    const { register } = await import("./src/instrumentation.ts");
    await register();
    const mail = listUnsubscribeHeaders("t".repeat(40), "en")["List-Unsubscribe"];
    console.log(JSON.stringify({ url: siteUrl(), warning: siteUrlWarning(), mail }));`;
  const r = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      NEXTAUTH_SECRET: "x".repeat(32),
      NODE_ENV: "development",
      ...env,
    },
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(r.status, r.stderr).toBe(0);
  const lines = r.stdout.trim().split("\n");
  type Out = { url: string; warning: string | null; mail: string };
  // In production the logger writes JSON lines to stdout before the script's own last line.
  const logged = lines.slice(0, -1).map((l) => JSON.parse(l) as { level: string; msg: string });
  return { ...(JSON.parse(lines.at(-1) ?? "{}") as Out), stderr: r.stderr, logged };
}

describe("SITE_URL, the one public origin", () => {
  it("is read from the environment as the process runs, without a trailing slash", () => {
    expect(origin({ SITE_URL: "https://riesgos-ia.example/", NODE_ENV: "production" })).toMatchObject({
      url: "https://riesgos-ia.example",
      warning: null,
      stderr: "",
    });
  });

  it("puts the e-mails' one-click and unsubscribe URLs on https when SITE_URL is https", () => {
    const { mail } = origin({ SITE_URL: "https://riesgos-ia.example", NODE_ENV: "production" });
    const token = "t".repeat(40);
    expect(mail).toBe(
      `<https://riesgos-ia.example/api/newsletter/one-click?token=${token}>, <https://riesgos-ia.example/en/unsubscribe?token=${token}>`,
    );
  });

  it("defaults to http://localhost:$PORT, with one warning at start in production", () => {
    const prod = origin({ PORT: "3999", NODE_ENV: "production" });
    expect(prod.url).toBe("http://localhost:3999");
    expect(prod.warning).toContain("SITE_URL is not set");
    expect(prod.logged).toEqual([expect.objectContaining({ level: "warn", msg: prod.warning })]);
    expect(prod.stderr).toBe("");
    const dev = origin({ NODE_ENV: "development" });
    expect(dev).toMatchObject({ url: "http://localhost:3000", warning: null, stderr: "", logged: [] });
  });
});
