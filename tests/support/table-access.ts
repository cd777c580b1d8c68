import fs from "node:fs";
import ts from "typescript";

export interface Model {
  name: string;
  accessor: string;
  table: string;
}

/** The models of prisma/schema.prisma with their client accessor (db.<accessor>) and SQL table (@@map). */
export function prismaModels(schema = fs.readFileSync("prisma/schema.prisma", "utf8")): Model[] {
  return [...schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)].map(([, name, body]) => ({
    name: name!,
    accessor: name![0]!.toLowerCase() + name!.slice(1),
    table: /@@map\("([^"]+)"\)/.exec(body!)?.[1] ?? name!,
  }));
}

const PRISMA_METHODS = new Set([
  "findMany",
  "findFirst",
  "findFirstOrThrow",
  "findUnique",
  "findUniqueOrThrow",
  "create",
  "createMany",
  "createManyAndReturn",
  "update",
  "updateMany",
  "updateManyAndReturn",
  "upsert",
  "delete",
  "deleteMany",
  "count",
  "aggregate",
  "groupBy",
]);

/** The models a source file touches: `<client>.<accessor>.<method>` calls and table names in SQL strings. */
export function modelsTouched(file: string, models: Model[], text = fs.readFileSync(file, "utf8")): Set<string> {
  const byAccessor = new Map(models.map((m) => [m.accessor, m.name]));
  const tables = models.map((m) => m.table).join("|");
  const sql = new RegExp(`\\b(?:from|join|update|into|table)\\s+(?:public\\.)?"?(${tables})"?(?![\\w-])`, "gi");
  const byTable = new Map(models.map((m) => [m.table, m.name]));
  const found = new Set<string>();
  // Most files name no model at all: skip parsing them.
  if (!models.some((m) => text.includes(`.${m.accessor}.`) || text.includes(m.table))) return found;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (
      ts.isPropertyAccessExpression(node) &&
      PRISMA_METHODS.has(node.name.text) &&
      ts.isPropertyAccessExpression(node.expression) &&
      byAccessor.has(node.expression.name.text)
    )
      found.add(byAccessor.get(node.expression.name.text)!);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node))
      for (const m of node.text.matchAll(sql)) found.add(byTable.get(m[1]!.toLowerCase())!);
    // A table named as data for SQL built elsewhere: `{ table: "interviews" }`.
    if (
      ts.isPropertyAssignment(node) &&
      /^table$/i.test(node.name.getText(source)) &&
      ts.isStringLiteral(node.initializer) &&
      byTable.has(node.initializer.text)
    )
      found.add(byTable.get(node.initializer.text)!);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The owning unit of a source file: `features/<name>`, `platform/<name>`, or its top folder under src/. */
export function unitOf(file: string): string {
  const parts = file.split(/[\\/]/);
  if (parts[0] !== "src") return parts[0]!;
  if (parts[1] === "features" || parts[1] === "platform") return `${parts[1]}/${parts[2]!.replace(/\.tsx?$/, "")}`;
  return parts[1]!;
}
