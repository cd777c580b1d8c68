import { describe, expect, it } from "vitest";
import { db } from "~/platform/db/db.ts";
import { nulCharacterPath } from "~/platform/security/storable-text.ts";
import { handleRest } from "~/server/rest/handler.ts";

describe("input PostgreSQL cannot store", () => {
  it("finds the first NUL character in strings, arrays and keys", () => {
    expect(nulCharacterPath({ a: "ok", b: ["x", "y\u0000"] })).toBe("b.1");
    expect(nulCharacterPath({ mapping: { "slug\u0000": "Ana" } })).toBe("mapping.slug\u0000");
    expect(nulCharacterPath("a\u0000")).toBe("");
    expect(nulCharacterPath({ a: 1, b: null, c: [true] })).toBeNull();
  });

  it("answers 400 naming the field instead of failing the insert with a 500", async () => {
    const email = `nul-${Date.now()}@example.com`;
    const res = await handleRest(
      new Request("http://localhost/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "10.99.0.1" },
        body: JSON.stringify({ name: "Ana", email, message: "Hola\u0000", privacy: true }),
      }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "message: must not contain NUL characters",
      code: "BAD_REQUEST",
      field: "message",
    });
    expect(await db.contactMessage.count({ where: { email } })).toBe(0);
  });
});
