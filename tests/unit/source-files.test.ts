import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** docs/architecture.md: no source file over 300 lines (generated code aside). */
const MAX_LINES = 300;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return file === path.join("src", "generated") ? [] : sourceFiles(file);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) ? [file] : [];
  });
}

describe("source file size", () => {
  it(`keeps every file in src/ at ${MAX_LINES} lines or fewer`, () => {
    const files = sourceFiles("src");
    expect(files.length).toBeGreaterThan(100);
    const tooLong = files
      .map((file) => ({ file, lines: fs.readFileSync(file, "utf8").split("\n").length }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(tooLong).toEqual([]);
  });
});
