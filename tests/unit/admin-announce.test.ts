import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { announceAdmin } from "../../scripts/admin-announce.ts";

const admin = { email: "admin@riesgos-ia.local", generatedPassword: "generada-1234567890", created: true };

function run(isTTY: boolean) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "admin-announce-"));
  const lines: string[] = [];
  const file = announceAdmin(admin, dir, { isTTY, log: (l) => lines.push(l) });
  return { file: file!, output: lines.join("\n") };
}

describe("the generated admin password", () => {
  it("goes to a 0600 file, and not into a log (output that is not a terminal)", () => {
    const { file, output } = run(false);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readFileSync(file, "utf8")).toContain(admin.generatedPassword);
    expect(output).not.toContain(admin.generatedPassword);
    expect(output).toContain(file);
  });

  it("is shown once on an interactive terminal, next to the file's path", () => {
    const { file, output } = run(true);
    expect(output.split(admin.generatedPassword)).toHaveLength(2);
    expect(output).toContain(file);
  });

  it("is not announced when no password was generated", () => {
    const lines: string[] = [];
    expect(announceAdmin(null, os.tmpdir(), { isTTY: false, log: (l) => lines.push(l) })).toBeNull();
    expect(lines).toEqual([]);
  });
});
