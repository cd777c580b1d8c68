import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/** Every source file under src/, as a path relative to the repository and its text. */
function sources(dir = "src"): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) ? [{ path: relative(".", path), text: readFileSync(path, "utf8") }] : [];
  });
}

const browserCode = sources().filter(
  (f) => f.text.startsWith('"use client"') || /^src\/(ui|features\/[^/]+\/ui)\//.test(f.path),
);

describe("one way to do each UI thing", () => {
  it("browser code POSTs through postJson(), never a hand-written fetch", () => {
    // auth-store reads the session with a GET of tRPC auth.me, which is no POST of the spec's REST calls.
    const allowed = new Set(["src/ui/post-json.ts", "src/features/users/ui/auth-store.ts"]);
    const offenders = browserCode.filter((f) => !allowed.has(f.path) && /(^|[^\w.])fetch\(/m.test(f.text));
    expect(offenders.map((f) => f.path)).toEqual([]);
  });

  it("there is one Field component, in src/ui/field.tsx", () => {
    const fields = sources().filter((f) => /\bfunction Field\b|\bconst Field\b/.test(f.text));
    expect(fields.map((f) => f.path)).toEqual(["src/ui/field.tsx"]);
  });
});
