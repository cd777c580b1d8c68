import { randomBytes } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_DRAFT } from "../support/fake-openai.ts";
import { expectNoInternals, fuzzBody, HOSTILE_STRINGS, nearlyValid } from "../support/fuzz.ts";
import { startFuzzAdminApp } from "../support/fuzz-admin-app.ts";

/**
 * Admin writes under fuzzing (issue "Benchmarks and fault tests"): every admin mutation — each REST path of
 * the OpenAPI document, and the tRPC-only ones — gets malformed, oversized, mistyped and hostile input from a
 * signed-in admin. Never a 5xx, no internals in error bodies, and a rejected request changes no row of any
 * table. The file has its own database, so whole-table fingerprints are exact.
 */
const { F, adminSession, openai, settleInProcessJobs, ensureFixtures, fingerprints, rest } =
  await startFuzzAdminApp("fuzzadm");
const { openApiDocument } = await import("~/server/rest/openapi.ts");
const { appRouter, createCaller } = await import("~/server/api/root.ts");
const { createInnerContext } = await import("~/platform/trpc/trpc.ts");

type Operation = { "x-access"?: string; requestBody?: { content?: Record<string, { schema?: unknown }> } };

/** Every admin write the OpenAPI document lists, with the field names of its JSON body. */
function adminWrites() {
  const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([route, ops]) =>
    Object.entries(ops)
      .filter(([method, op]) => method !== "get" && op["x-access"] === "admin")
      .map(([method, op]) => {
        const schema = op.requestBody?.content?.["application/json"]?.schema as { properties?: object } | undefined;
        return { method: method.toUpperCase(), route, keys: Object.keys(schema?.properties ?? {}) };
      }),
  );
}

/** Bodies that pass validation, as the starting point of "one field broken". */
const VALID: Record<string, Record<string, unknown>> = {
  "POST /agents": {
    name: "Agente válido",
    type: "article-generator",
    config: { content: { topics: "ai act", targetLength: 600, tone: "profesional", language: "es" } },
    auto_publish: false,
  },
  "PUT /agents/{id}": {
    name: "Agente válido",
    type: "article-generator",
    status: "active",
    config: { content: { topics: "ai act", targetLength: 600 }, newsApi: { keywords: "oecd" } },
  },
  "PUT /articles/{slug}": { status: "published" },
  "POST /generate-manual-content": {
    userPrompt: "Escribe sobre el AI Act",
    contentType: "news",
    generateImage: false,
    authorName: "Editora",
  },
  "POST /admin/articles/fix-author-names": { mapping: { [F.slug]: "Editora" } },
};

/** Percent-encoded; a lone surrogate (which encodeURIComponent refuses) goes as a malformed escape. */
const encodeSegment = (text: string) => {
  try {
    return encodeURIComponent(text);
  } catch {
    return "%ED%A0%80";
  }
};

/** A path parameter: the fixture it names (so the request reaches the service), or something hostile. */
function pathParam(route: string, name: string): fc.Arbitrary<string> {
  const fixture =
    name === "slug"
      ? F.slug
      : name === "email"
        ? F.email
        : route.startsWith("/admin/newsletters")
          ? F.newsletterId
          : F.agentId;
  const hostile = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 30 }),
    fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 500)),
  );
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(fixture) },
    { weight: 3, arbitrary: hostile.map(encodeSegment) },
    { weight: 1, arbitrary: fc.constantFrom("%", "%E0%A4%A", "%2F..%2F", "a%00b", "%F0%9F%98") },
  );
}

/** A number JSON reads as ±Infinity: written in the body where the sentinel string stood. */
const NON_FINITE = "@@1e309@@";
const hasNonFinite = (body: string | undefined) => /[:,[]\s*-?1e309\b/.test(body ?? "");
const anyNonFinite = (value: unknown): boolean =>
  typeof value === "number"
    ? !Number.isFinite(value)
    : !!value && typeof value === "object" && Object.values(value).some(anyNonFinite);

/**
 * A JSON body as sent on the wire: fuzzed values, a nearly valid body, one with ±1e309 in a field, or text
 * that is not JSON at all.
 */
function wireBody(key: string, keys: string[]): fc.Arbitrary<string> {
  const valid = VALID[key];
  const values = valid ? fc.oneof(fuzzBody(keys), nearlyValid(valid)) : fuzzBody(keys);
  const nonFinite = (valid ? nearlyValid(valid, fc.constant(NON_FINITE)) : fuzzBody(keys)).chain((v) =>
    fc.constantFrom("1e309", "-1e309").map((n) => JSON.stringify(v).replaceAll(`"${NON_FINITE}"`, n)),
  );
  return fc.oneof(
    { weight: 9, arbitrary: values.map((v) => JSON.stringify(v)) },
    { weight: 2, arbitrary: nonFinite },
    { weight: 1, arbitrary: fc.constantFrom("{", "", '{"name":', "[]", "\u0000", "null", '"x"') },
  );
}

describe("fuzzing the admin writes", () => {
  const writes = adminWrites();

  it("finds every admin write of the REST API in the OpenAPI document", () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: string; meta?: { openapi?: { method: string; path: string } } } }
    >;
    const restAdminMutations = Object.entries(procedures)
      .filter(([name, p]) => name.startsWith("admin.") && p._def.type === "mutation" && p._def.meta?.openapi)
      .map(([, p]) => `${p._def.meta!.openapi!.method} ${p._def.meta!.openapi!.path}`)
      .sort();
    expect(writes.map((w) => `${w.method} ${w.route}`).sort()).toEqual(restAdminMutations);
    expect(writes.length).toBeGreaterThanOrEqual(16);
  });

  it("answers every malformed admin request without a 5xx or internals; rejected ones change no row", async () => {
    const request = fc.oneof(
      ...writes.map(({ method, route, keys }) => {
        const params = [...route.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
        const key = `${method} ${route}`;
        return fc
          .record({
            params: fc.tuple(...params.map((p) => pathParam(route, p))),
            body: method === "DELETE" ? fc.constant(undefined) : wireBody(key, keys),
          })
          .map(({ params: values, body }) => ({
            method,
            key,
            url: params.reduce((url, p, i) => url.replace(`{${p}}`, values[i]!), route),
            body,
          }));
      }),
    );
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(request, async ({ method, key, url, body }) => {
        await ensureFixtures();
        // Accepted executions draft an article: a fresh title each time keeps their slugs apart.
        openai.draft = { ...DEFAULT_DRAFT, title: `${DEFAULT_DRAFT.title} ${randomBytes(3).toString("hex")}` };
        const before = await fingerprints();
        const res = await rest(method, url, body);
        const answer = await res.text();
        const context = `${method} ${url} ${body?.slice(0, 200)} → ${res.status} ${answer.slice(0, 300)}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
        expect(res.status, context).toBeLessThan(500);
        // An empty path parameter ("/articles/") names no route: a 404 before any body is read; on a route, a
        // number JSON cannot hold is a 400 naming its field.
        const routed = !/\/$|\/\//.test(url);
        if (!routed) expect(res.status, context).toBe(404);
        else if (hasNonFinite(body)) expect(res.status, context).toBe(400);
        if (res.ok) {
          await settleInProcessJobs(); // what an accepted request started must not land in the next snapshot
          return;
        }
        expectNoInternals(answer, context);
        expect(JSON.parse(answer), context).toMatchObject({ error: expect.any(String), code: expect.any(String) });
        expect(await fingerprints(), context).toEqual(before);
      }),
      { numRuns: 250 },
    );
    expect([...seen.keys()].sort()).toEqual(writes.map((w) => `${w.method} ${w.route}`).sort());
  }, 120_000);

  it("the admin mutations only tRPC serves get the same treatment", async () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: string; meta?: { openapi?: unknown } } }
    >;
    const names = Object.keys(procedures).filter(
      (n) => n.startsWith("admin.") && procedures[n]!._def.type === "mutation" && !procedures[n]!._def.meta?.openapi,
    );
    expect(names).toEqual(
      expect.arrayContaining(["admin.users.promote", "admin.users.demote", "admin.contactMessages.markRead"]),
    );
    const valid: Record<string, Record<string, unknown>> = {
      "admin.users.promote": { userId: F.userId },
      "admin.users.demote": { userId: F.userId },
      "admin.contactMessages.markRead": { id: F.contactId },
    };
    const caller = createCaller(createInnerContext({ session: adminSession })) as unknown as Record<string, unknown>;
    const call = (name: string, input: unknown) =>
      (
        name.split(".").reduce((o, k) => (o as Record<string, unknown>)[k], caller as unknown) as (
          i: unknown,
        ) => unknown
      )(input);
    const input = (name: string) =>
      valid[name] ? fc.oneof(fuzzBody(["userId", "id"]), nearlyValid(valid[name])) : fuzzBody(["userId", "id"]);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(...names.map((n) => input(n).map((i) => ({ name: n, input: i })))),
        async ({ name, input }) => {
          await ensureFixtures();
          const before = await fingerprints();
          const outcome = await Promise.resolve(call(name, input)).then(
            () => null,
            (err: { code?: string; message?: string }) => err,
          );
          const context = `${name} ${JSON.stringify(input)?.slice(0, 200)} → ${outcome?.code} ${outcome?.message}`;
          // fc.double() gives ±Infinity and NaN too: refused, whatever field holds them.
          if (anyNonFinite(input)) expect(outcome?.code, context).toBe("BAD_REQUEST");
          if (!outcome) return;
          expect(outcome.code, context).not.toBe("INTERNAL_SERVER_ERROR");
          expectNoInternals(outcome.message ?? "", context);
          expect(await fingerprints(), context).toEqual(before);
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);
});
