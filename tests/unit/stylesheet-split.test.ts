import fs from "node:fs";
import path from "node:path";
import tailwind from "@tailwindcss/postcss";
import postcss, { type AcceptedPlugin } from "postcss";
import { beforeAll, describe, expect, it } from "vitest";
import { importsOf, resolveImport, sourceFiles } from "../support/import-graph.ts";

/**
 * Every reader page waits for the stylesheets its layout imports before it paints, and Tailwind writes a rule for
 * every class it finds in the sources a stylesheet scans. So the reader layout's stylesheet must scan what reader
 * pages render, and not what only the admin panel renders (its rules were most of the one stylesheet before).
 * Compiled here through the same PostCSS plugin and minifier as the build's.
 */
const READER_LAYOUT = "src/app/[locale]/layout.tsx";
const ADMIN_ROUTES = "src/app/[locale]/admin";
// Minified bytes: the one stylesheet of before (every class of src/, the admin's too) compiles to 60.8 kB here.
const READER_CSS_BUDGET = 42_000;

/** The stylesheet a layout imports (its one `import "….css"`), as a repository path. */
function stylesheetOf(layout: string): string {
  const css = importsOf(layout).filter((spec) => spec.endsWith(".css"));
  expect(css).toHaveLength(1);
  return path.join(path.dirname(layout), css[0]!);
}

/** The source files reachable by imports from `entries`. */
function reachable(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...entries];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file) || !/\.tsx?$/.test(file) || !fs.existsSync(file)) continue;
    seen.add(file);
    for (const spec of importsOf(file)) {
      const target = resolveImport(file, spec);
      if (target) todo.push(target);
    }
  }
  return seen;
}

/** UI code: the files Tailwind must find the classes in (server-only code has none to find). */
const isUi = (file: string) => /^src\/(app|ui|features\/[^/]+\/ui)\//.test(file);
const hasClasses = (file: string) => /className|\bcn\(/.test(fs.readFileSync(file, "utf8"));

async function compile(file: string): Promise<{ css: string; scanned: Set<string> }> {
  // The plugin's types name the copy of postcss that vite bundles; at run time it is the same API.
  const plugin = tailwind({ optimize: { minify: true } }) as unknown as AcceptedPlugin;
  const result = await postcss([plugin]).process(fs.readFileSync(file, "utf8"), {
    from: path.resolve(file),
  });
  const scanned = result.messages
    .filter((m) => m.type === "dependency" && typeof m.file === "string")
    .map((m) => path.relative(process.cwd(), m.file as string));
  return { css: result.css, scanned: new Set(scanned) };
}

describe("the reader's stylesheet", () => {
  const routes = sourceFiles("src/app").filter((f) => !f.startsWith("src/app/api/"));
  const readerUi = [...reachable(routes.filter((f) => !f.startsWith(ADMIN_ROUTES)))].filter(isUi);
  const adminOnlyUi = [...reachable(routes.filter((f) => f.startsWith(ADMIN_ROUTES)))].filter(
    (f) => isUi(f) && hasClasses(f) && !readerUi.includes(f),
  );
  let reader: { css: string; scanned: Set<string> };

  beforeAll(async () => {
    reader = await compile(stylesheetOf(READER_LAYOUT));
  }, 60_000);

  it("scans every file the reader pages render", () => {
    expect(readerUi.length).toBeGreaterThan(40);
    expect(readerUi.filter((f) => !reader.scanned.has(f))).toEqual([]);
  });

  it("scans none of the files only the admin panel renders", () => {
    expect(adminOnlyUi.length).toBeGreaterThan(20);
    expect(adminOnlyUi.filter((f) => reader.scanned.has(f))).toEqual([]);
  });

  it(`stays within ${READER_CSS_BUDGET} bytes minified`, () => {
    expect(reader.css).toContain(".card-title-lg");
    expect(Buffer.byteLength(reader.css)).toBeLessThanOrEqual(READER_CSS_BUDGET);
  });
});

describe("the admin's stylesheet", () => {
  it("is its layout's own and scans the files only the admin panel renders", async () => {
    const admin = await compile(stylesheetOf(`${ADMIN_ROUTES}/layout.tsx`));
    expect(stylesheetOf(`${ADMIN_ROUTES}/layout.tsx`)).not.toBe(stylesheetOf(READER_LAYOUT));
    expect(admin.scanned).toContain("src/features/admin/ui/admin-shell.tsx");
    expect(admin.scanned).toContain("src/features/publications/ui/desk/article-edit-form.tsx");
  }, 60_000);
});
