import { openApiDocument } from "~/server/rest/openapi.ts";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c);

const ACCESS_LABEL: Record<string, string> = {
  public: "public",
  user: "signed-in user (session cookie)",
  admin: "admin (session cookie, role admin)",
};

/** One row per operation: the access table readable without JavaScript (and by tests with plain fetch). */
function accessRows(): string {
  const rows: string[] = [];
  for (const [path, ops] of Object.entries(openApiDocument().paths ?? {})) {
    for (const [method, op] of Object.entries(ops as Record<string, { summary?: string; "x-access"?: string }>)) {
      const access = op["x-access"] ?? "public";
      rows.push(
        `<tr><td><code>${method.toUpperCase()} /api${escapeHtml(path)}</code></td>` +
          `<td>${escapeHtml(ACCESS_LABEL[access] ?? access)}</td><td>${escapeHtml(op.summary ?? "")}</td></tr>`,
      );
    }
  }
  return rows.join("\n");
}

/**
 * /api/docs: Swagger UI (swagger-ui-dist, served from node_modules — no CDN, works offline) over
 * /api/openapi.json, started by an external script because the CSP forbids inline ones.
 */
export function docsPageHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Riesgos IA API reference</title>
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
<link rel="stylesheet" href="/api/docs/assets/docs.css">
</head>
<body>
<header class="docs-intro">
<h1>Riesgos IA REST API</h1>
<p>Machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<h2>Authentication</h2>
<p>Public operations need nothing. Admin operations need the session cookie set by
<code>POST /api/auth/login</code> for a user whose role is <code>admin</code>: signed out they answer 401, with
another role 403. State-changing calls that carry the cookie must come from this site's origin.
Errors are JSON <code>{error, code, field?, issues?}</code>; 429 answers carry <code>Retry-After</code>.</p>
<details><summary>Access by operation</summary>
<table><thead><tr><th>Operation</th><th>Access</th><th>Summary</th></tr></thead>
<tbody>
${accessRows()}
</tbody></table>
</details>
</header>
<main id="swagger-ui"></main>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/init.js"></script>
</body>
</html>`;
}

/** Starts Swagger UI; no external validator badge (it would call out to the internet). */
export const DOCS_INIT_JS = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({
    url: "/api/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    withCredentials: true,
    presets: [SwaggerUIBundle.presets.apis],
    layout: "BaseLayout",
  });
});
`;

export const DOCS_CSS = `.docs-intro { font-family: system-ui, sans-serif; max-width: 1460px; margin: 0 auto; padding: 16px 20px 0; color: #3b4151; }
.docs-intro h1 { font-size: 1.6rem; margin: 0 0 8px; }
.docs-intro h2 { font-size: 1.1rem; margin: 16px 0 4px; }
.docs-intro table { border-collapse: collapse; margin: 8px 0; font-size: 0.9rem; }
.docs-intro td, .docs-intro th { border: 1px solid #d0d4db; padding: 4px 8px; text-align: left; }
`;
