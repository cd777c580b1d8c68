import fs from "node:fs";
import path from "node:path";
import { compileErrors, validate } from "@readme/openapi-parser";
import type { OpenAPIV3_1 } from "openapi-types";
import { describe, expect, it } from "vitest";
import type { AppMeta } from "~/platform/trpc/trpc.ts";
import { appRouter } from "~/server/api/root.ts";
import { docsPageHtml } from "~/server/rest/docs/page.ts";
import { openApiDocument } from "~/server/rest/openapi.ts";

type Op = OpenAPIV3_1.OperationObject & { "x-access"?: string };
const doc = () => structuredClone(openApiDocument()) as unknown as OpenAPIV3_1.Document;

function operations(d: OpenAPIV3_1.Document) {
  return Object.entries(d.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item ?? {}).map(([method, op]) => ({ path, method, op: op as Op })),
  );
}

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document (@readme/openapi-parser)", async () => {
    const result = await validate(doc());
    expect(result.valid, result.valid ? "" : compileErrors(result)).toBe(true);
    expect(result.specification).toBe("OpenAPI");
  });

  it("has one operation per REST procedure plus the hand-written preview, one-click unsubscribe and click redirect", () => {
    const procedures = Object.values(
      appRouter._def.procedures as unknown as Record<string, { _def: { meta?: AppMeta } }>,
    );
    const rest = procedures.filter((p) => p._def.meta?.openapi).length;
    const ops = operations(doc());
    expect(ops).toHaveLength(rest + 4);
    const oneClick = ops.filter((o) => o.path === "/newsletter/one-click").map((o) => o.method);
    expect(oneClick.sort()).toEqual(["get", "post"]);
    const preview = ops.find((o) => o.path === "/admin/newsletters/{id}/preview")?.op;
    expect(preview?.responses?.["200"]).toMatchObject({ content: { "text/html": { schema: { type: "string" } } } });
  });

  it("states the access of every operation: security only where a session is needed", () => {
    for (const { path, method, op } of operations(doc())) {
      const where = `${method} ${path}`;
      expect(["public", "user", "admin"], where).toContain(op["x-access"]);
      expect(op.description, where).toMatch(
        new RegExp(`Access: ${op["x-access"] === "user" ? "signed-in" : op["x-access"]}`),
      );
      if (op["x-access"] === "public") {
        expect(op.security, where).toEqual([]);
        // A public operation answers 401 only where signing in itself fails.
        if (op.operationId !== "auth-login") expect(op.responses?.["401"], where).toBeUndefined();
      } else {
        expect(op.security, where).toEqual([{ sessionCookie: [] }]);
        expect(op.responses?.["401"], where).toBeDefined();
        expect(op.responses?.["403"], where).toBeDefined();
      }
    }
    const access = (p: string, m: string) =>
      operations(doc()).find((o) => o.path === p && o.method === m)?.op["x-access"];
    expect(access("/articles/{slug}", "get")).toBe("public");
    expect(access("/articles/{slug}", "put")).toBe("admin");
    expect(access("/admin/newsletters/{id}/preview", "get")).toBe("admin");
  });

  it("documents every response: a JSON 200 schema and the real error body", () => {
    for (const { path, method, op } of operations(doc())) {
      const where = `${method} ${path}`;
      // Redirects (the one-click page, a newsletter link) answer 3xx, checked below.
      if (op.operationId === "newsletter-oneClickPage" || op.operationId === "newsletter-click") continue;
      const ok = op.responses?.["200"] as OpenAPIV3_1.ResponseObject;
      const schema = ok.content?.["application/json"]?.schema ?? ok.content?.["text/html"]?.schema;
      expect(schema && Object.keys(schema).length, where).toBeTruthy();
      for (const [status, res] of Object.entries(op.responses ?? {})) {
        if (status.startsWith("2")) continue;
        expect((res as OpenAPIV3_1.ResponseObject).content?.["application/json"]?.schema, `${where} ${status}`).toEqual(
          {
            $ref: "#/components/schemas/Error",
          },
        );
      }
    }
    expect(doc().components?.schemas?.Error).toMatchObject({ required: ["error", "code"] });
  });

  it("declares the statuses the adapter really answers, and a relative server", () => {
    const d = doc();
    expect(d.servers).toEqual([{ url: "/api" }]);
    const op = (p: string, m: string) => operations(d).find((o) => o.path === p && o.method === m)?.op;
    expect(op("/auth/login", "post")?.responses?.["401"]).toBeDefined();
    for (const { path, method, op: o } of operations(d)) {
      if (["post", "put", "patch"].includes(method) && !o.operationId?.startsWith("newsletter-oneClick"))
        expect(o.responses?.["415"], `${method} ${path}`).toBeDefined();
      if (method !== "get") expect(o.responses?.["403"], `${method} ${path}`).toBeDefined();
    }
    expect(Object.keys(op("/newsletter/one-click", "get")?.responses ?? {})).toContain("303");
  });

  it("documents the public click redirect of newsletter links, as src/app/api/newsletter/click serves it", () => {
    const d = doc();
    const route = fs.existsSync(path.resolve("src/app/api/newsletter/click/[id]/[index]/route.ts"));
    expect(route).toBe(true);
    const click = operations(d).filter((o) => o.path === "/newsletter/click/{id}/{index}");
    expect(click.map((o) => o.method)).toEqual(["get"]);
    const op = click[0]?.op;
    expect(op?.["x-access"]).toBe("public");
    expect(op?.security).toEqual([]);
    const params = (op?.parameters ?? []) as OpenAPIV3_1.ParameterObject[];
    expect(params.map((p) => `${p.in}:${p.name}:${p.required ?? false}`).sort()).toEqual([
      "path:id:true",
      "path:index:true",
      "query:lang:false",
      "query:to:false",
    ]);
    const found = op?.responses?.["302"] as OpenAPIV3_1.ResponseObject | undefined;
    expect(found?.headers?.Location).toBeDefined();
    for (const status of ["400", "404"]) expect(op?.responses?.[status], status).toBeDefined();
    expect(op?.responses?.["200"]).toBeUndefined();
  });
});

describe("API reference page", () => {
  it("lists every operation with its access level, and loads only same-origin scripts", () => {
    const html = docsPageHtml();
    for (const { path, method, op } of operations(doc())) {
      const label = { public: "public", user: "signed-in user", admin: "admin (session cookie, role admin)" }[
        op["x-access"] ?? "public"
      ];
      expect(html).toContain(`<code>${method.toUpperCase()} /api${path}</code></td><td>${label}`);
    }
    expect(html).not.toMatch(/<script>(?!<)/);
    expect([...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "/api/docs/assets/swagger-ui-bundle.js",
      "/api/docs/assets/init.js",
    ]);
  });
});
