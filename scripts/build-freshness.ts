import fs from "node:fs";
import path from "node:path";

/** A build is stale when missing or older than any source file it was built from. */
export function buildIsStale(distDir: string): boolean {
  const buildId = path.resolve(distDir, "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const roots = ["src", "messages", "public", "emails", "next.config.mjs", "package-lock.json", "postcss.config.mjs"];
  return newerThan(roots, fs.statSync(buildId).mtimeMs);
}

/** Whether any file under `roots` (files or folders, relative to the working directory) changed after `time`. */
export function newerThan(roots: string[], time: number): boolean {
  const newer = (p: string): boolean => {
    if (!fs.existsSync(p)) return false;
    const st = fs.statSync(p);
    if (st.isDirectory()) return fs.readdirSync(p).some((f) => newer(path.join(p, f)));
    return st.mtimeMs > time;
  };
  return roots.some(newer);
}
