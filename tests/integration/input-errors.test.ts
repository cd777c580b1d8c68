import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { GET as trpcGet, POST as trpcPost } from "~/app/api/trpc/[trpc]/route.ts";
import proxy from "~/proxy.ts";
import { handleRest } from "~/server/rest/handler.ts";
import { nextAuthRequest } from "../support/next-auth.ts";

const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;
const json = { "content-type": "application/json", "x-forwarded-for": "10.88.0.1" };

describe("input that used to answer 500", () => {
  it("answers 400 to JSON nested 5,000 levels deep, on tRPC (single and batched) and REST", async () => {
    const single = await trpcPost(
      new NextRequest("http://localhost/api/trpc/newsletter.subscribe", {
        method: "POST",
        headers: json,
        body: `{"json":{"email":${deep(5000)}}}`,
      }),
    );
    expect(single.status).toBe(400);
    expect(await single.text()).toMatch(/nested more than 32 levels deep/);
    const batch = await trpcPost(
      new NextRequest("http://localhost/api/trpc/contact.submit,newsletter.subscribe?batch=1", {
        method: "POST",
        headers: json,
        body: `{"0":{"json":{"name":${deep(5000)}}},"1":{"json":${deep(5000)}}}`,
      }),
    );
    expect(batch.status).toBe(400);
    const rest = await handleRest(
      new Request("http://localhost/api/newsletter/subscribe", {
        method: "POST",
        headers: json,
        body: `{"email":${deep(5000)}}`,
      }),
    );
    expect(rest.status).toBe(400);
    expect(await rest.json()).toMatchObject({ code: "BAD_REQUEST" });
  });

  it("answers the usual 400 to superjson meta nested deep or malformed, naming no internals", async () => {
    const n = 5000;
    const nested = `${'{"a":'.repeat(n)}["undefined"]${"}".repeat(n)}`;
    const bodies = [
      `{"json":{"email":"a@b.co"},"meta":{"values":${nested}}}`,
      `{"json":{"email":"a@b.co"},"meta":{"values":{"email":["undefined",${nested}]}}}`,
      `{"json":{"email":"a@b.co"},"meta":{"values":{"email":${deep(n)}}}}`,
      `{"json":{"email":"a@b.co"},"meta":{"referentialEqualities":${nested}}}`,
    ];
    for (const body of bodies) {
      const res = await trpcPost(
        new NextRequest("http://localhost/api/trpc/newsletter.subscribe", { method: "POST", headers: json, body }),
      );
      expect(res.status, body.slice(0, 80)).toBe(400);
      const text = await res.text();
      expect(text).not.toMatch(/call stack|is not a function|TypeError|RangeError/i);
      const error = JSON.parse(text).error.json;
      expect(error.data).toMatchObject({ code: "BAD_REQUEST", appCode: "BAD_REQUEST", field: "input" });
      expect(error.message).toMatch(/^input: (is nested more than 32 levels deep|malformed superjson meta)$/);
    }
    const query = await trpcGet(
      new NextRequest(
        `http://localhost/api/trpc/auth.me?input=${encodeURIComponent(`{"json":null,"meta":{"values":${nested}}}`)}`,
        { headers: json },
      ),
    );
    expect(query.status).toBe(400);
    expect(await query.text()).toMatch(/input: is nested more than 32 levels deep/);
  });

  it("answers 400 to a page path with a malformed percent-escape", async () => {
    for (const path of ["/noticias/%ZZ", "/en/referentes/%E0%A4%A", "/%"]) {
      const res = await proxy(new NextRequest(`http://localhost:3000${path}`));
      expect(res.status, path).toBe(400);
    }
    // A well-formed escape is decoded and routed: the page's own answer (there is no article "a-b": 404, or 200
    // when the existence check cannot run here), never the 400 of a malformed one.
    expect([200, 404]).toContain((await proxy(new NextRequest("http://localhost:3000/noticias/a%2Db"))).status);
  });

  it("keeps database error text out of next-auth's credentials redirect (NUL in the e-mail)", async () => {
    const csrf = await nextAuthRequest("GET", ["csrf"], {});
    const csrfToken = (csrf.body as { csrfToken: string }).csrfToken;
    const csrfCookie = csrf.setCookies.find((c) => c.startsWith("next-auth.csrf-token="))!.split(";")[0]!;
    const res = await nextAuthRequest("POST", ["callback", "credentials"], {
      body: { email: "ana\u0000@example.com", password: "secreto-123", csrfToken, json: "true" },
      cookies: { "next-auth.csrf-token": decodeURIComponent(csrfCookie.split("=").slice(1).join("=")) },
    });
    const target = (res.body as { url?: string } | undefined)?.url ?? res.location ?? "";
    expect(target).toMatch(/error=CredentialsSignin/);
    expect(decodeURIComponent(target)).not.toMatch(/prisma|invalid byte|0x00|postgres|UTF8|invocation/i);
  });
});
