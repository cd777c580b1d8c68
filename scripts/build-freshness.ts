import fs from "node:fs";
import path from "node:path";

/** A build is stale when missing or older than any source file it was built from. */
export function buildIsStale(distDir: string): boolean {
  const buildId = path.resolve(distDir, "BUILD_ID");
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const roots = ["src", "messages", "public", "emails", "next.config.mjs", "package-lock.json", "postcss.config.mjs"];
  const newer = (p: string): boolean => {
    if (!fs.existsSync(p)) return false;
    const st = fs.statSync(p);
    if (st.isDirectory()) return fs.readdirSync(p).some((f) => newer(path.join(p, f)));
    return st.mtimeMs > built;
  };
  return roots.some(newer);
}
