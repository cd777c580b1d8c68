import fs from "node:fs";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "../support/import-graph.ts";

const REGISTERING = new Set([
  "registerJobs",
  "registerAppJobs",
  "startJobs",
  "startAppJobs",
  "startSendJobs",
  "startFediverseJobs",
]);

/** Calls of `names` that run when the module is imported: outside every function body. */
function callsOnImport(file: string, text = fs.readFileSync(file, "utf8")): string[] {
  const found: string[] = [];
  if (![...REGISTERING].some((name) => text.includes(name))) return found;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && REGISTERING.has(node.expression.text))
      found.push(`${file}: ${node.expression.text}()`);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true));
  return found;
}

describe("the app's job list", () => {
  it("is handed to the runtime at server start, never registered as a module loads", () => {
    expect(sourceFiles("src").flatMap((f) => callsOnImport(f))).toEqual([]);
  }, 60_000);

  it("sees a registration made at import, and not one inside a function", () => {
    const text = "registerAppJobs();\nexport function start() { registerJobs([]); }\nconst f = () => startJobs([]);";
    expect(callsOnImport("src/x.ts", text)).toEqual(["src/x.ts: registerAppJobs()"]);
  });
});
