/**
 * Page weight of the public site, measured like a browser's first visit: the HTML plus every script the HTML
 * loads, each gzip-compressed. Run against a started site (`npm start`):
 *
 *   npm run bench:weight                       # http://localhost:3000
 *   npm run bench:weight -- http://host:port
 *   npm run bench:weight -- http://host:port /referentes /en   # more pages after home, an article, /noticias
 *
 * Goal (issue 3): home first-load JavaScript ≤ 110 kB gzip. "First-load JS" counts the scripts a current
 * browser downloads: `nomodule` scripts (Next's legacy polyfills, ~39 kB gzip) are only fetched by browsers
 * without ES modules, so they are listed apart.
 */
import { gzipSync } from "node:zlib";

const base = (process.argv[2] ?? process.env.SITE_URL ?? "http://localhost:3000").replace(/\/+$/, "");
const HOME_JS_BUDGET_KB = 110;

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.text();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
const gzipBytes = (text: string) => gzipSync(Buffer.from(text), { level: 9 }).length;

async function measure(path: string) {
  const html = await fetchText(`${base}${path}`);
  const tags = [...html.matchAll(/<script[^>]+src="([^"]+)"[^>]*>/g)];
  const isLegacy = (tag: string) => /\snomodule(=|\s|>)/i.test(tag);
  const scripts = [...new Set(tags.filter((m) => !isLegacy(m[0])).map((m) => m[1]!))];
  const legacy = [...new Set(tags.filter((m) => isLegacy(m[0])).map((m) => m[1]!))];
  let js = 0;
  let jsRaw = 0;
  for (const src of scripts) {
    const body = await fetchText(new URL(src, base).toString());
    jsRaw += Buffer.byteLength(body);
    js += gzipBytes(body);
  }
  let legacyJs = 0;
  for (const src of legacy) legacyJs += gzipBytes(await fetchText(new URL(src, base).toString()));
  // Inline scripts (RSC payload) travel inside the HTML; they are counted in the HTML figure.
  return {
    path,
    html: gzipBytes(html),
    htmlRaw: Buffer.byteLength(html),
    js,
    jsRaw,
    scripts: scripts.length,
    legacyJs,
  };
}

async function firstArticlePath(): Promise<string> {
  const html = await fetchText(`${base}/noticias`);
  const slug = html.match(/href="\/noticias\/([a-z0-9-]+)"/)?.[1];
  if (!slug) throw new Error("no article link found on /noticias");
  return `/noticias/${slug}`;
}

const home = await measure("/");
const article = await measure(await firstArticlePath());
const news = await measure("/noticias");
const more = [];
for (const path of process.argv.slice(3)) more.push(await measure(path));
for (const m of [home, article, news, ...more]) {
  console.log(
    `${m.path.padEnd(60)} HTML ${kb(m.html)} gzip (${m.htmlRaw} bytes raw) · JS ${kb(m.js)} gzip (${kb(m.jsRaw)} raw) in ${m.scripts} files · total ${kb(m.html + m.js)} gzip · (+ ${kb(m.legacyJs)} nomodule, legacy browsers only)`,
  );
}
const verdict = home.js / 1024 <= HOME_JS_BUDGET_KB ? "within" : "OVER";
console.log(`home first-load JS: ${kb(home.js)} gzip — ${verdict} the ${HOME_JS_BUDGET_KB} kB budget`);
console.log(
  `article page size: ${kb(article.html + article.js)} gzip (HTML ${kb(article.html)} + JS ${kb(article.js)})`,
);
