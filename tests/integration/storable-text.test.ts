import { describe, expect, it } from "vitest";
import { db } from "~/platform/db/db.ts";
import { nulCharacterPath, unpairedSurrogatePath } from "~/platform/security/storable-text.ts";
import { handleRest } from "~/server/rest/handler.ts";
import { restAdmin } from "../support/rest-admin.ts";

/** The contact form's REST call with `message`, from its own address (each case has its own rate limit). */
const postContact = (email: string, message: string, ip: string) =>
  handleRest(
    new Request("http://localhost/api/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip },
      body: JSON.stringify({ name: "Ana", email, message, privacy: true }),
    }),
  );

describe("input PostgreSQL cannot store", () => {
  it("finds the first NUL character in strings, arrays and keys", () => {
    expect(nulCharacterPath({ a: "ok", b: ["x", "y\u0000"] })).toBe("b.1");
    expect(nulCharacterPath({ mapping: { "slug\u0000": "Ana" } })).toBe("mapping.slug\u0000");
    expect(nulCharacterPath("a\u0000")).toBe("");
    expect(nulCharacterPath({ a: 1, b: null, c: [true] })).toBeNull();
  });

  it("answers 400 naming the field instead of failing the insert with a 500", async () => {
    const email = `nul-${Date.now()}@example.com`;
    const res = await postContact(email, "Hola\u0000", "10.99.0.1");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: "message: must not contain NUL characters",
      code: "BAD_REQUEST",
      field: "message",
    });
    expect(await db.contactMessage.count({ where: { email } })).toBe(0);
  });

  it("finds the first unpaired surrogate (half of a UTF-16 pair), not a whole pair", () => {
    expect(unpairedSurrogatePath({ a: "ok \u{1F600}", b: ["x", "y\ud800"] })).toBe("b.1");
    expect(unpairedSurrogatePath({ a: "\udc00z" })).toBe("a");
    expect(unpairedSurrogatePath({ a: "\ud83d\ude00", k: { "\ud800": 1 } })).toBe("k.\ud800");
    expect(unpairedSurrogatePath({ a: "España 😀", b: [1, null] })).toBeNull();
  });

  // A lone surrogate cannot be written as UTF-8: into a text column it became U+FFFD unseen, and into a JSON
  // column PostgreSQL refused it (22P02) and the request answered 500.
  it("answers 400 naming the field for an unpaired surrogate, in text and in JSON columns, and writes nothing", async () => {
    const email = `surrogate-${Date.now()}@example.com`;
    const contact = await postContact(email, "Hola \ud800 mundo", "10.99.0.2");
    expect(contact.status).toBe(400);
    expect(await contact.json()).toMatchObject({ code: "BAD_REQUEST", field: "message" });
    expect(await db.contactMessage.count({ where: { email } })).toBe(0);

    const { call } = await restAdmin(`surrogate-admin-${Date.now()}`);
    const runsBefore = await db.agentRun.count();
    const manual = await call("POST", "/generate-manual-content", { userPrompt: "\ud800" });
    expect(manual.status).toBe(400);
    expect(await manual.json()).toMatchObject({ code: "BAD_REQUEST", field: "userPrompt" });
    expect(await db.agentRun.count()).toBe(runsBefore);
  });
});
