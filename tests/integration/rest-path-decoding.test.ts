import { describe, expect, it } from "vitest";
import { handleRest } from "~/server/rest/handler.ts";
import { seedManifest } from "../../seed/load.ts";

const get = (path: string) => handleRest(new Request(`http://localhost/api${path}`));

describe("REST adapter: URL-encoded path parameters (docs/product.md §7)", () => {
  it("decodes a percent-encoded slug before validating it", async () => {
    const slug = seedManifest().articles[0]!;
    const res = await get(`/articles/${slug.replace(/-/g, "%2D")}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ slug });
  });

  it("keeps an encoded '/' encoded, so it cannot reach another route", async () => {
    const slug = seedManifest().articles[0]!;
    const res = await get(`/articles/${slug}%2Ftoggle-featured`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "BAD_REQUEST", field: "slug" });
  });

  it("answers 400 (not 500) for a malformed escape", async () => {
    const res = await get("/articles/%E0%A4%A");
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: "slug" });
  });
});
