import { readFile } from "node:fs/promises";
import path from "node:path";
import { AppError } from "~/platform/errors.ts";
import { route } from "~/platform/http/route.ts";
import { DOCS_CSS, DOCS_INIT_JS } from "~/server/rest/docs/page.ts";

export const dynamic = "force-dynamic";

const JS = "text/javascript; charset=utf-8";
const CSS = "text/css; charset=utf-8";

/** The only files served: swagger-ui-dist's bundle and stylesheet, plus our init script and styles. */
// Maps, not object literals: a name like "__proto__" or "constructor" must not find anything.
const FROM_PACKAGE = new Map([
  ["swagger-ui-bundle.js", JS],
  ["swagger-ui.css", CSS],
]);
const OWN = new Map([
  ["init.js", { body: DOCS_INIT_JS, type: JS }],
  ["docs.css", { body: DOCS_CSS, type: CSS }],
]);

// Read from the installed package at run time (the launcher runs from the project root), not bundled.
const packageDir = () => path.join(process.cwd(), "node_modules", "swagger-ui-dist");

export const GET = route<{ file: string }>("public", async (_req, { params: { file } }) => {
  const headers = { "cache-control": "public, max-age=86400" };
  const own = OWN.get(file);
  if (own) return new Response(own.body, { headers: { ...headers, "content-type": own.type } });
  const type = FROM_PACKAGE.get(file);
  if (!type) throw new AppError("NOT_FOUND", "Not found");
  const body = await readFile(path.join(packageDir(), file));
  return new Response(body, { headers: { ...headers, "content-type": type } });
});
