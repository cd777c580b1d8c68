import { beforeAll, describe, expect, inject, it } from "vitest";
import { E2E_ADMIN } from "../setup/e2e-global.ts";
import { RestClient, signIn } from "./rest-contract/client.ts";
import { type OpenApiDoc, ResponseValidator } from "./rest-contract/schema.ts";

/**
 * The REST adapter as browsers call it: a body-less write sent with `content-type: application/json` and an
 * empty body, and every answer's status declared in /api/openapi.json with the body the server really sends.
 */
const baseUrl = inject("baseUrl");
let validator: ResponseValidator;
let admin: RestClient;

beforeAll(async () => {
  validator = new ResponseValidator((await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApiDoc);
  admin = await signIn(baseUrl, E2E_ADMIN.email, E2E_ADMIN.password);
});

const BODYLESS = [
  ["POST", "/api/agents/execute-all", "/api/agents/execute-all"],
  ["POST", "/api/agents/{id}/execute", "/api/agents/clcualquierid0000000000/execute"],
  ["POST", "/api/admin/newsletters/{id}/send", "/api/admin/newsletters/clcualquierid0000000000/send"],
] as const;

describe("an empty JSON body is {}", () => {
  it.each(BODYLESS)(
    "%s %s answers the auth gate, not 400 'Failed to parse request body'",
    async (method, spec, path) => {
      const res = await new RestClient(baseUrl).call(method, path, { rawBody: "" });
      const body = await res.json();
      expect(res.status, JSON.stringify(body)).toBe(401);
      expect(validator.errors(method, spec, 401, body)).toBeNull();
    },
  );

  it("and reaches the procedure for an admin (execute-all runs the active agents: none is a 200)", async () => {
    const res = await admin.call("POST", "/api/agents/execute-all", { rawBody: "" });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(validator.errors("POST", "/api/agents/execute-all", 200, body)).toBeNull();
  });
});

describe("statuses the OpenAPI document declares", () => {
  it("401 for a wrong login", async () => {
    const res = await new RestClient(baseUrl).call("POST", "/api/auth/login", {
      body: { email: E2E_ADMIN.email, password: "not-the-password" },
    });
    const body = await res.json();
    expect(res.status).toBe(401);
    expect(validator.errors("POST", "/api/auth/login", 401, body)).toBeNull();
  });

  it("415 for a body that is not JSON", async () => {
    for (const path of ["/api/contact", "/api/newsletter/subscribe", "/api/auth/login"]) {
      const res = await new RestClient(baseUrl).call("POST", path, {
        headers: { "content-type": "text/plain" },
      });
      const body = await res.json();
      expect(res.status, path).toBe(415);
      expect(validator.errors("POST", path, 415, body), path).toBeNull();
    }
  });

  it("the one-click route: 200 for a token, 400 for a malformed one, 303 to the page on GET", async () => {
    const token = "x".repeat(40);
    const post = await fetch(`${baseUrl}/api/newsletter/one-click?token=${token}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(post.status).toBe(200);
    expect(validator.errors("POST", "/api/newsletter/one-click", 200, await post.json())).toBeNull();
    const bad = await fetch(`${baseUrl}/api/newsletter/one-click?token=short`, { method: "POST" });
    expect(bad.status).toBe(400);
    expect(validator.errors("POST", "/api/newsletter/one-click", 400, await bad.json())).toBeNull();
    const get = await fetch(`${baseUrl}/api/newsletter/one-click?token=${token}`, { redirect: "manual" });
    expect(get.status).toBe(303);
    expect(JSON.stringify(validator.doc.paths["/newsletter/one-click"]?.get)).toContain('"303"');
  });
});
