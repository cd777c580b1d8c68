import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { cachedPageCsp, inlineScriptHashes } from "~/platform/request-edge/security-headers.js";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The shapes of script Next and React put in a prerendered page, plus the site's own JSON-LD data block. */
const PAGE = [
  "<!DOCTYPE html><html><head>",
  '<script src="/_next/static/chunks/a.js" integrity="sha256-abc" async=""></script>',
  '<script type="application/ld+json">{"@type":"NewsArticle","headline":"a < b"}</script>',
  "</head><body><main>texto</main>",
  "<script>(self.__next_f=self.__next_f||[]).push([0])</script>",
  '<script nonce="old">self.__next_f.push([1,"0:{\\"P\\":null}\\n"])</script>',
  "<script>(self.__next_f=self.__next_f||[]).push([0])</script>",
  "<SCRIPT type=module>import('/x.js')</SCRIPT>",
  "</body></html>",
].join("");

describe("the CSP of a page served from Next's cache", () => {
  it("allows exactly the inline scripts the page carries, by hash, once each", () => {
    expect(inlineScriptHashes(PAGE)).toEqual([
      sha("(self.__next_f=self.__next_f||[]).push([0])"),
      sha('self.__next_f.push([1,"0:{\\"P\\":null}\\n"])'),
      sha("import('/x.js')"),
    ]);
  });

  it("has no nonce, no 'unsafe-inline', and lists the hashes under script-src with 'self' for the chunks", () => {
    const csp = cachedPageCsp(PAGE, { https: false });
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "));
    expect(scriptSrc).toBe(`script-src 'self' ${inlineScriptHashes(PAGE).join(" ")}`);
    expect(csp).not.toMatch(/nonce-|unsafe-inline'[^;]*;.*script|unsafe-eval/);
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).not.toContain("upgrade-insecure-requests");
    expect(cachedPageCsp(PAGE, { https: true })).toContain("upgrade-insecure-requests");
  });

  it("a page without inline script allows none (script-src 'self' alone)", () => {
    expect(cachedPageCsp("<html><body><p>x</p></body></html>", { https: false })).toContain("script-src 'self';");
  });
});
