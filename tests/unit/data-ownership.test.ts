import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/import-graph.ts";
import { modelsTouched, prismaModels, unitOf } from "../support/table-access.ts";

/**
 * One owner per table (docs/architecture.md, "Data ownership"): only the owner calls db.<model> or names the
 * table in SQL. Reaching another feature's table goes through that feature's entry functions.
 */
const doc = fs.readFileSync("docs/architecture.md", "utf8");
const owners = new Map(
  [...doc.matchAll(/^\| (\w+) \| `src\/((?:features|platform)\/[\w-]+)\/` \|$/gm)].map((m) => [m[1]!, m[2]!]),
);
const models = prismaModels();

function leaks(): string[] {
  const found = new Set<string>();
  for (const file of sourceFiles("src")) {
    const unit = unitOf(file);
    for (const model of modelsTouched(file, models)) if (owners.get(model) !== unit) found.add(`${model} ${unit}`);
  }
  return [...found].sort();
}

describe("data ownership", () => {
  it("names an owner for every model, and only existing units", () => {
    expect(models.length).toBeGreaterThan(20);
    expect(models.filter((m) => !owners.has(m.name)).map((m) => m.name)).toEqual([]);
    expect([...owners.values()].filter((u) => !fs.existsSync(`src/${u}`))).toEqual([]);
  });

  it("no db.<model> call and no SQL on a table outside its owner", () => {
    expect(leaks(), "model and the unit reaching it").toEqual([]);
  }, 60_000);

  it("sees a call and an SQL statement on another feature's table", () => {
    const text =
      'await db.article.update({});\nawait tx.emailMessage.findMany();\nsql`UPDATE "newsletters" SET x`;\nconst s = { table: "interviews" };';
    const touched = modelsTouched("src/features/seo/x.ts", models, text);
    expect([...touched].sort()).toEqual(["Article", "EmailMessage", "Interview", "Newsletter"]);
    expect(unitOf("src/features/seo/x.ts")).toBe("features/seo");
  });
});
