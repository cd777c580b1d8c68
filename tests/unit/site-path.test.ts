import { describe, expect, it } from "vitest";
import { httpUrlSchema, isSitePath, sitePathOrHttpUrlSchema } from "~/platform/http/common-schemas.ts";

const site = "https://riesgos.example";

describe("a stored site path (the one rule for image_url and any such field)", () => {
  // Each of these, put in an <img src> or <a href> on the site, would be fetched from another host.
  it.each([
    ["/\\evil.example/x.png"],
    ["/\\\\evil.example/x.png"],
    ["\\\\evil.example/x.png"],
    ["//evil.example/x.png"],
    ["///evil.example/x.png"],
    ["/\t/evil.example/x.png"],
    ["/\n/evil.example/x.png"],
    ["/\r/evil.example/x.png"],
    ["/\u0000/evil.example/x.png"],
    ["/a\\b.png"],
  ])("refuses %j", (value) => {
    expect(isSitePath(value)).toBe(false);
    const parsed = sitePathOrHttpUrlSchema.safeParse(value);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toMatch(/must be an http\(s\) URL or a site path/);
  });

  it("keeps paths on this site and http(s) URLs, which the browser resolves as written", () => {
    for (const value of ["/api/media/generated/x.png", "/og/es/home.png", "/a/../b.png", "/x%5Cy.png"]) {
      expect(isSitePath(value), value).toBe(true);
      expect(new URL(value, site).origin, value).toBe(site);
    }
    for (const value of ["https://cdn.example.com/x.png", "http://europa.eu/x"])
      expect(sitePathOrHttpUrlSchema.safeParse(value).success, value).toBe(true);
  });

  it("takes no site path where a full http(s) URL is due (sources, links)", () => {
    for (const value of ["/api/media/x.png", "/\\evil.example/x", "//evil.example/x", "javascript:alert(1)"])
      expect(httpUrlSchema.safeParse(value).success, value).toBe(false);
  });
});
