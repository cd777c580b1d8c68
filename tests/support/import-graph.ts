import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/** Every .ts/.tsx file under a folder, as paths relative to the repository root. */
export function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

/** The import specifiers of a file, read by TypeScript's own pre-processor (imports, re-exports, import()). */
export function importsOf(file: string): string[] {
  const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
  return info.importedFiles.map((f) => f.fileName);
}

/** Resolves a specifier to a repository path the way tsconfig's `~/` alias and relative imports do. */
export function resolveImport(from: string, specifier: string): string | null {
  if (specifier.startsWith("~/")) return path.join("src", specifier.slice(2));
  if (specifier.startsWith(".")) return path.join(path.dirname(from), specifier);
  return null;
}

/** The feature a repository path belongs to (src/features/<name>/…), or null. */
export function featureOf(file: string): string | null {
  const m = /^src\/features\/([^/]+)\//.exec(file.split(path.sep).join("/"));
  return m ? m[1]! : null;
}

/** Imports between features, collapsed to feature names: feature → the features it imports. */
export function featureGraph(files: string[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const from = featureOf(file);
    if (!from) continue;
    const edges = graph.get(from) ?? new Set<string>();
    graph.set(from, edges);
    for (const spec of importsOf(file)) {
      const target = resolveImport(file, spec);
      const to = target ? featureOf(target) : null;
      if (to && to !== from) edges.add(to);
    }
  }
  return graph;
}

/** The strongly connected groups of more than one node (Tarjan): each is a cycle between features. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const onStack = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}
