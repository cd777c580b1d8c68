import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Docs that cannot drift: every repository path that README.md, docs/ and .env.example name must exist, so a
 * renamed or deleted file fails `npm test` instead of misleading the next reader.
 */
const ROOTS = ["src", "tests", "scripts", "seed", "emails", "bench", "prisma", "messages", "docs", "deploy", ".ci"];
const PATH = new RegExp(
  `(?<![\\w./@-])(?:${ROOTS.map((r) => r.replace(".", "\\.")).join("|")})/[\\w./\\[\\]@()-]*`,
  "g",
);

function pathsNamedIn(text: string): string[] {
  const found = [...text.matchAll(PATH)].map((m) => m[0].replace(/[.,:;)]+$/, "").replace(/\/$/, ""));
  // Placeholders (<domain>), globs and ranges name families of files; bench/results/ is what a bench writes.
  return [...new Set(found)].filter((p) => !/[<*{]/.test(p) && p.includes("/") && !p.startsWith("bench/results"));
}

function docs(): string[] {
  const inDocs = fs.existsSync("docs")
    ? fs.readdirSync("docs", { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".md"))
    : [];
  const history = fs.existsSync("bench/history")
    ? fs.readdirSync("bench/history").filter((f) => f.endsWith(".md"))
    : [];
  return [
    "README.md",
    ".env.example",
    "bench/README.md",
    ...inDocs.map((f) => path.join("docs", f)),
    ...history.map((f) => path.join("bench/history", f)),
  ];
}

describe("paths named in the docs", () => {
  it.each(docs())("%s names only paths that exist", (doc) => {
    const named = pathsNamedIn(fs.readFileSync(doc, "utf8"));
    expect(named.length, `${doc} names no path at all: the pattern is broken`).toBeGreaterThan(0);
    expect(named.filter((p) => !fs.existsSync(p))).toEqual([]);
  });

  it("the check sees a path that does not exist", () => {
    const named = pathsNamedIn("one schema (`src/features/publications/edit-schema.ts`), and src/ui/field.tsx.");
    expect(named).toEqual(["src/features/publications/edit-schema.ts", "src/ui/field.tsx"]);
    expect(named.filter((p) => !fs.existsSync(p))).toEqual(["src/features/publications/edit-schema.ts"]);
  });
});
