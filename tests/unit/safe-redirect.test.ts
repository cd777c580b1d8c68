import { describe, expect, it } from "vitest";
import { safeCallbackUrl } from "~/features/users/safe-redirect.ts";

const origin = "https://riesgos.example";

describe("post-login destination", () => {
  it.each([
    ["/\t/evil.example/"],
    ["/\n/evil.example/"],
    ["/..//evil.example"],
    ["//evil.example"],
    ["/\\evil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["http://riesgos.example/admin"],
  ])("refuses %j", (value) => {
    const result = safeCallbackUrl(value, origin);
    expect(result.startsWith("/")).toBe(true);
    expect(result.startsWith("//")).toBe(false);
    // Wherever the browser lands with or without a locale prefix, it is this site.
    expect(new URL(result, origin).origin).toBe(origin);
    expect(new URL(`/en${result}`, origin).origin).toBe(origin);
  });

  it("keeps same-site paths with their query", () => {
    expect(safeCallbackUrl("/admin/publicaciones?x=1", origin)).toBe("/admin/publicaciones?x=1");
    expect(safeCallbackUrl(`${origin}/noticias`, origin)).toBe("/noticias");
    expect(safeCallbackUrl(undefined, origin)).toBe("/");
  });
});
