import { generateOpenApiDocument } from "trpc-to-openapi";
import { describe, expect, it } from "vitest";
import { appRouter } from "~/server/api/root.ts";
import { handleRest } from "~/server/rest/handler.ts";
import { seedManifest } from "../../seed/load.ts";

const get = (path: string) => handleRest(new Request(`http://localhost/api${path}`));

describe("REST adapter over tRPC", () => {
  it("serves a published article at GET /api/articles/{slug} with a shared-cache policy", async () => {
    const slug = seedManifest().articles[0]!;
    const res = await get(`/articles/${encodeURIComponent(slug)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("s-maxage");
    const body = await res.json();
    expect(body).toMatchObject({ slug, status: "published" });
    expect(typeof body.date).toBe("string");
  });

  it("answers 404 as { error, code } for an unknown slug", async () => {
    const res = await get("/articles/no-existe");
    expect(res.status).toBe(404);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ error: "Article not found", code: "NOT_FOUND" });
  });

  it("answers 400 naming the field for a malformed slug", async () => {
    const res = await get("/articles/NOT%20A%20SLUG");
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe("BAD_REQUEST");
    expect(body.field).toBe("slug");
    expect(body.error).toMatch(/^slug: /);
  });
});

describe("REST adapter: writes without a payload", () => {
  it("treats a body-less POST as {} rather than 415 (docs/product.md §7 'payload: none')", async () => {
    const res = await handleRest(new Request("http://localhost/api/agents/execute-all", { method: "POST" }));
    // Anonymous: the admin gate answers, not the content-type check.
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe("UNAUTHORIZED");
  });

  it("treats `content-type: application/json` with an empty body as {} (how browsers' fetch sends it)", async () => {
    for (const path of ["/agents/execute-all", "/admin/newsletters/generate", "/agents/some-agent/execute"]) {
      const res = await handleRest(
        new Request(`http://localhost/api${path}`, {
          method: "POST",
          headers: { "content-type": "application/json; charset=utf-8" },
          body: "",
        }),
      );
      expect(res.status, path).toBe(401);
      expect((await res.json()).code, path).toBe("UNAUTHORIZED");
    }
  });

  it("still answers 415 for a body of another content type", async () => {
    const res = await handleRest(
      new Request("http://localhost/api/agents/execute-all", {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "hello",
      }),
    );
    expect(res.status).toBe(415);
  });
});

describe("REST adapter: cost of a call", () => {
  // The least CPU of three rounds, on this thread only: the worker's other threads (the garbage collector's,
  // libuv's) and a busy moment of the machine once made a round of forty calls cost three times its usual.
  const cpuMs = async (work: () => Promise<unknown>) => {
    let least = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 3; round++) {
      const start = process.threadCpuUsage();
      await work();
      const used = process.threadCpuUsage(start);
      least = Math.min(least, (used.user + used.system) / 1000);
    }
    return least;
  };

  it("does not describe the whole API again for each call (outside production the library validates by doing so)", async () => {
    await get("/articles/NOT%20A%20SLUG");
    const describeOnce = await cpuMs(async () => {
      for (let i = 0; i < 3; i++) generateOpenApiDocument(appRouter, { title: "", version: "", baseUrl: "" });
    });
    // Forty calls that stop at input validation (no database): together under ten descriptions' cost (about
    // 1.7 here; forty when each call describes the API).
    const calls = await cpuMs(async () => {
      for (let i = 0; i < 40; i++) expect((await get("/articles/NOT%20A%20SLUG")).status).toBe(400);
    });
    expect(calls).toBeLessThan((describeOnce / 3) * 10);
  });
});

describe("REST adapter: the endpoint's prefix", () => {
  it("is taken off the path only, not wherever `/api` first appears (a host named api.…)", async () => {
    const res = await handleRest(new Request("http://api.localhost/api/articles/NOT%20A%20SLUG"));
    expect(res.status).toBe(400);
    expect((await res.json()).field).toBe("slug");
  });
});
