import fs from "node:fs";
import path from "node:path";
import { getPathMatch } from "next/dist/shared/lib/router/utils/path-match.js";
import { describe, expect, it } from "vitest";
import { LOCALE_CHOICE_PARAM } from "~/platform/i18n/locales.ts";

/**
 * The proxy runs only for the paths its matcher names (src/proxy.ts): a page rendered per request that it
 * missed would get no nonce, and its scripts would run under the frame policy alone. Read from the source, as
 * Next reads the matcher at build.
 */
const source = fs.readFileSync("src/proxy.ts", "utf8");
const perRequestEntry = /"(\/\(\(\?:en\/\|es\/\)\?\(\?:admin[^"]+)"/.exec(source)?.[1] ?? "";
const perRequestRegex = /PER_REQUEST_PAGE =\s*\/(.+)\/;/.exec(source)?.[1] ?? "";

/** Every page under src/app/[locale] marked `dynamic = "force-dynamic"`, as a path ([slug] → "x"). */
function forceDynamicPages(dir = "src/app/[locale]", route = ""): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const segment = entry.name.startsWith("[[") ? "" : entry.name.startsWith("[") ? "/x" : `/${entry.name}`;
      found.push(...forceDynamicPages(full, `${route}${segment}`));
    } else if (entry.name === "page.tsx" && /dynamic = "force-dynamic"/.test(fs.readFileSync(full, "utf8")))
      found.push(route || "/");
  }
  return found;
}

describe("the proxy's matcher", () => {
  it("names every page rendered per request, in both languages, and its dispatch regex says the same", () => {
    expect(perRequestEntry).not.toBe("");
    const matches = getPathMatch(perRequestEntry);
    const regex = new RegExp(perRequestRegex);
    const pages = forceDynamicPages();
    expect(pages).toEqual(expect.arrayContaining(["/login", "/admin", "/buscar", "/noticias-filtradas"]));
    for (const page of pages)
      for (const p of [page, `/en${page}`]) {
        expect(matches(p), p).not.toBe(false);
        expect(regex.test(p), p).toBe(true);
      }
    for (const p of ["/", "/noticias", "/noticias/x", "/en/noticias/x", "/referentes", "/en", "/servicios"]) {
      expect(matches(p), p).toBe(false);
      expect(regex.test(p), p).toBe(false);
    }
  });

  it("runs the proxy on the root whose query carries a language choice, under the name the toggle's link uses", () => {
    // The matcher must be literal, so it cannot import the name: it is held to it here.
    expect(source).toContain(`{ source: "/", has: [{ type: "query", key: "${LOCALE_CHOICE_PARAM}" }] }`);
  });
});
