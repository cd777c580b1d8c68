import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { type ZodType, z } from "zod";
import { POST as trpcPost } from "~/app/api/trpc/[trpc]/route.ts";
import { createSession } from "~/platform/auth/sessions.ts";
import { db } from "~/platform/db/db.ts";
import { createInnerContext } from "~/platform/trpc/trpc.ts";
import { appRouter, createCaller } from "~/server/api/root.ts";
import { handleRest } from "~/server/rest/handler.ts";
import { openApiDocument } from "~/server/rest/openapi.ts";
import { restAdmin } from "../support/rest-admin.ts";

/**
 * JSON has no Infinity or NaN, but `1e309` parses to Infinity: a number that is not finite is a 400 naming
 * its field on every input of every procedure, REST and tRPC alike. Before, `PUT /api/agents/{id}` with
 * `"targetLength": 1e309` answered 200 and stored the default 800.
 */
type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[] };
type Procedure = { _def: { type: string; inputs: ZodType[]; meta?: { openapi?: { method: string; path: string } } } };
const procedures = appRouter._def.procedures as unknown as Record<string, Procedure>;

/** Every field path of a JSON schema, nested objects included (array items as index 0). */
function fieldPaths(schema: Schema | undefined, prefix: string[] = []): string[][] {
  if (!schema) return [];
  const alternatives = schema.anyOf ?? [];
  const own = Object.entries(schema.properties ?? {}).flatMap(([key, child]) => [
    [...prefix, key],
    ...fieldPaths(child, [...prefix, key]),
  ]);
  const items = schema.items ? [[...prefix, "0"], ...fieldPaths(schema.items, [...prefix, "0"])] : [];
  return [...own, ...items, ...alternatives.flatMap((alt) => fieldPaths(alt, prefix))];
}

/** An object with `leaf` at `path` (arrays where the path has an index). */
function withLeaf(path: string[], leaf: unknown): unknown {
  const [key, ...rest] = path as [string, ...string[]];
  const value = rest.length ? withLeaf(rest, leaf) : leaf;
  return key === "0" ? [value] : { [key]: value };
}

const NON_FINITE = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN];
/** How ±Infinity reaches a server: a JSON number too large for a double (NaN cannot be written in JSON). */
const wire = (json: string) => json.replace(/"@@(-?)inf@@"/g, "$11e309");

const adminSession = {
  user: { id: "nonfinite-admin", username: "nonfiniteadmin", email: "nonfinite@example.com", role: "admin" as const },
};

describe("numbers that are not finite", () => {
  const inputs = Object.entries(procedures)
    .filter(([, p]) => p._def.inputs.length > 0)
    .map(([name, p]) => {
      const schema = z.toJSONSchema(p._def.inputs[0] as ZodType, { io: "input", unrepresentable: "any" });
      return { name, paths: fieldPaths(schema as Schema) };
    });

  it("every field of every tRPC procedure's input: 400 naming the field", async () => {
    expect(inputs.length).toBeGreaterThan(40);
    const caller = createCaller(createInnerContext({ session: adminSession })) as unknown as Record<string, unknown>;
    const wrong: string[] = [];
    let calls = 0;
    for (const { name, paths } of inputs) {
      const call = name.split(".").reduce((o, k) => (o as Record<string, unknown>)[k], caller as unknown) as (
        i: unknown,
      ) => Promise<unknown>;
      for (const [i, path] of [[], ...paths].entries()) {
        const value = NON_FINITE[i % NON_FINITE.length];
        const input = path.length ? withLeaf(path, value) : value;
        calls++;
        const outcome = await call(input).then(
          () => ({ code: "OK", field: null }),
          // The field as the error formatter names it: the service's, else zod's first issue's path.
          (err: { code?: string; cause?: { field?: string; issues?: { path: PropertyKey[] }[] } }) => ({
            code: err.code,
            field: err.cause?.field ?? err.cause?.issues?.[0]?.path.join(".") ?? null,
          }),
        );
        if (outcome.code !== "BAD_REQUEST" || outcome.field !== path.join("."))
          wrong.push(`${name} ${path.join(".") || "(input)"}=${value}: ${outcome.code} ${outcome.field}`);
      }
    }
    expect(calls).toBeGreaterThan(100);
    expect(wrong).toEqual([]);
  }, 60_000);

  it("every field of every REST body, sent as 1e309 and -1e309: 400 naming the field", async () => {
    const call = await rawAdmin(`nonfinite-rest-${Date.now()}`);
    const doc = openApiDocument() as unknown as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
    };
    const wrong: string[] = [];
    let calls = 0;
    for (const [route, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.requestBody?.content?.["application/json"]?.schema;
        if (!schema) continue;
        for (const [i, path] of fieldPaths(schema).entries()) {
          const url = route.replace(/\{\w+\}/g, "x");
          const body = wire(JSON.stringify(withLeaf(path, i % 2 ? "@@-inf@@" : "@@inf@@")));
          calls++;
          const res = await call(method.toUpperCase(), url, body);
          const answer = (await res.json()) as { field?: string };
          if (res.status !== 400 || answer.field !== path.join("."))
            wrong.push(`${method} ${route} ${body}: ${res.status} ${JSON.stringify(answer).slice(0, 160)}`);
        }
      }
    expect(calls).toBeGreaterThan(30);
    expect(wrong).toEqual([]);
  }, 60_000);

  it("PUT /api/agents/{id} with targetLength 1e309 stores nothing; the tRPC wire the same", async () => {
    const call = await rawAdmin(`nonfinite-agent-${Date.now()}`);
    const agent = await db.agent.create({
      data: { name: "Agente finito", config: { content: { topics: ["ai act"], targetLength: 600 } } },
    });
    for (const big of ["1e309", "-1e309"]) {
      const body = `{"name":"Agente finito","config":{"content":{"topics":"ai act","targetLength":${big}}}}`;
      const res = await call("PUT", `/agents/${agent.id}`, body);
      expect(res.status, await res.clone().text()).toBe(400);
      expect(await res.json()).toMatchObject({ code: "BAD_REQUEST", field: "config.content.targetLength" });
      const stored = await db.agent.findUniqueOrThrow({ where: { id: agent.id } });
      expect(stored.config).toEqual({ content: { topics: ["ai act"], targetLength: 600 } });
    }
    const res = await trpcPost(
      new NextRequest("http://localhost/api/trpc/contact.submit", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": "10.97.0.1" },
        body: '{"json":{"name":1e309,"email":"a@example.com","message":"Hola","privacy":true}}',
      }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { json: { data: { field: string } } } }).error.json.data.field).toBe("name");
  });
});

/** A REST call as an admin with the body sent as written (restAdmin's own call stringifies its body). */
async function rawAdmin(username: string) {
  const { user } = await restAdmin(username);
  const cookie = `next-auth.session-token=${await createSession(db, user.id)}`;
  return (method: string, path: string, body: string) =>
    handleRest(
      new Request(`http://localhost/api${path}`, {
        method,
        headers: { cookie, "content-type": "application/json" },
        body: method === "GET" ? undefined : body,
      }),
    );
}

beforeAll(async () => {
  await db.user.upsert({
    where: { id: adminSession.user.id },
    create: { ...adminSession.user, passwordHash: "x" },
    update: {},
  });
});
