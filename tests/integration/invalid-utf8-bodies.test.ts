import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { POST as trpcPost } from "~/app/api/trpc/[trpc]/route.ts";
import { db } from "~/platform/db/db.ts";
import { handleRest } from "~/server/rest/handler.ts";
import { settleJobs } from "../support/jobs.ts";

/**
 * A body that is not valid UTF-8 is refused like a lone surrogate (tests/integration/storable-text.test.ts):
 * 400 naming the field that held the bad bytes, nothing stored, no e-mail. Decoded leniently, `\xff\xfe\xc3`
 * became three U+FFFD, was stored and mailed to the editors.
 */
const BAD_BYTES = [0xff, 0xfe, 0xc3];

/** JSON text with the bad bytes spliced in where `@@` stands. */
function bodyWithBadBytes(json: string): Uint8Array<ArrayBuffer> {
  const [before, after] = json.split("@@") as [string, string];
  const head = new TextEncoder().encode(before);
  const tail = new TextEncoder().encode(after);
  const bytes = new Uint8Array(head.length + BAD_BYTES.length + tail.length);
  bytes.set(head, 0);
  bytes.set(BAD_BYTES, head.length);
  bytes.set(tail, head.length + BAD_BYTES.length);
  return bytes;
}

const contact = (email: string, at: "message" | "name") =>
  JSON.stringify({
    name: at === "name" ? "Ana @@" : "Ana",
    email,
    message: at === "message" ? "Hola @@ mundo" : "Hola mundo",
    privacy: true,
  });

async function nothingStoredOrMailed(email: string) {
  await settleJobs();
  expect(await db.contactMessage.count({ where: { email } })).toBe(0);
  expect(await db.emailMessage.count({ where: { OR: [{ to: email }, { html: { contains: email } }] } })).toBe(0);
}

describe("request bodies that are not valid UTF-8", () => {
  it("REST: 400 naming the field, nothing stored, no e-mail", async () => {
    for (const [i, field] of (["message", "name"] as const).entries()) {
      const email = `utf8-rest-${field}-${Date.now()}@example.com`;
      const res = await handleRest(
        new Request("http://localhost/api/contact", {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `10.98.0.${i + 1}` },
          body: bodyWithBadBytes(contact(email, field)),
        }),
      );
      const answer = (await res.json()) as { code: string; field: string; error: string };
      expect(res.status, JSON.stringify(answer)).toBe(400);
      expect(answer).toMatchObject({ code: "BAD_REQUEST", field });
      expect(answer.error).toContain(`${field}: must be valid Unicode text`);
      await nothingStoredOrMailed(email);
    }
  });

  it("tRPC: 400 naming the field, nothing stored, no e-mail", async () => {
    const email = `utf8-trpc-${Date.now()}@example.com`;
    const res = await trpcPost(
      new NextRequest("http://localhost/api/trpc/contact.submit", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "10.98.0.9" },
        body: bodyWithBadBytes(`{"json":${contact(email, "message")}}`),
      }),
    );
    const answer = (await res.json()) as { error: { json: { data: { code: string; field: string } } } };
    expect(res.status, JSON.stringify(answer)).toBe(400);
    expect(answer.error.json.data).toMatchObject({ code: "BAD_REQUEST", field: "message" });
    await nothingStoredOrMailed(email);
  });

  it("valid UTF-8 (accents, emoji, a real U+FFFD) still goes through", async () => {
    const email = `utf8-ok-${Date.now()}@example.com`;
    const message = "Hola España 😀 \ufffd";
    const res = await handleRest(
      new Request("http://localhost/api/contact", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "10.98.0.20" },
        body: new TextEncoder().encode(JSON.stringify({ name: "Ana", email, message, privacy: true })),
      }),
    );
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await db.contactMessage.findFirstOrThrow({ where: { email } })).message).toBe(message);
  });
});
