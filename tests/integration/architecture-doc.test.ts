import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "~/server/rest/openapi.ts";

/**
 * docs/architecture.md maps every spec route and call to the file that serves it. This keeps the table true:
 * each OpenAPI operation and each app route has a row, each row's file exists, and a router row still declares
 * the REST path it is listed for.
 */
const doc = fs.readFileSync("docs/architecture.md", "utf8");
const rows = new Map(
  [...doc.matchAll(/^\| `([^`]+)` \| `([^`]+)` \|$/gm)].map((m) => [m[1]!, m[2]!] as [string, string]),
);

function appRoutes(dir = "src/app"): { route: string; file: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return appRoutes(file);
    if (!/^(page|route)\.tsx?$/.test(entry.name)) return [];
    const route = `/${path.relative("src/app", dir)}`.replace(/^\/\[locale\]/, "").replace(/\/$/, "") || "/";
    return [{ route, file }];
  });
}

describe("docs/architecture.md route → file table", () => {
  it("has rows, and every row points at an existing file", () => {
    expect(rows.size).toBeGreaterThan(40);
    const missing = [...rows].filter(([, file]) => !fs.existsSync(file));
    expect(missing).toEqual([]);
  });

  it("lists every operation of the OpenAPI document at a file that declares it", () => {
    const paths = (openApiDocument() as unknown as { paths: Record<string, Record<string, unknown>> }).paths;
    const problems: string[] = [];
    for (const [p, operations] of Object.entries(paths)) {
      for (const method of Object.keys(operations)) {
        const key = `${method.toUpperCase()} /api${p}`;
        const file = rows.get(key);
        if (!file) problems.push(`no row for ${key}`);
        else if (file.startsWith("src/app/")) continue;
        else if (!fs.readFileSync(file, "utf8").includes(`path: "${p}"`))
          problems.push(`${file} does not declare ${p}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("lists every page and route handler of the app", () => {
    const problems = appRoutes()
      .filter(({ route, file }) => rows.get(route) !== file)
      .map(({ route, file }) => `${route} → ${file} (table: ${rows.get(route) ?? "no row"})`);
    expect(problems).toEqual([]);
  });
});
