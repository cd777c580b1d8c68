import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startFakeImageHost } from "../support/fake-image-host.ts";
import { startFakeOpenAi } from "../support/fake-openai.ts";

/**
 * The image URL an images API returns is fetched like an official source: only the operator-named loopback
 * host (SOURCE_FETCH_EXTRA_HOSTS, as in the source fetcher's tests) may be private; every other private
 * address, redirects to one, huge bodies, other types and bytes that do not decode are refused.
 */
const openai = await startFakeOpenAi();
const cdn = await startFakeImageHost(); // stands in for the provider's public CDN
const inside = await startFakeImageHost(); // stands in for a service on the private network
vi.stubEnv("OPENAI_API_KEY", "fake-openai-key");
vi.stubEnv("OPENAI_BASE_URL", openai.url);
vi.stubEnv("SOURCE_FETCH_EXTRA_HOSTS", cdn.host);
const { openAiImage } = await import("~/platform/providers/openai.ts");

afterAll(async () => {
  vi.unstubAllEnvs();
  await Promise.all([openai.close(), cdn.close(), inside.close()]);
});
beforeEach(() => {
  cdn.hits.length = 0;
  inside.hits.length = 0;
});

const imageFrom = (url: string) => {
  openai.imageAnswer = { url };
  return openAiImage("an editorial illustration");
};

describe("the image a provider links to", () => {
  it("is downloaded from an allowed host when it is a real image", async () => {
    const bytes = await imageFrom(`${cdn.url}/ok.png`);
    expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
    expect(cdn.hits).toEqual(["/ok.png"]);
  });

  it("is refused on a loopback, private or metadata address, before any connection", async () => {
    for (const url of [
      `${inside.url}/ok.png`,
      `http://localhost:${inside.url.split(":").pop()}/ok.png`,
      "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
      "http://10.0.0.1/image.png",
      "http://[::1]:9/image.png",
      "file:///etc/passwd",
    ])
      await expect(imageFrom(url), url).rejects.toThrow(/refused/);
    expect(inside.hits).toEqual([]);
  });

  it("is refused when an allowed host redirects to a forbidden address", async () => {
    const target = encodeURIComponent(`${inside.url}/ok.png`);
    await expect(imageFrom(`${cdn.url}/redirect?to=${target}`)).rejects.toThrow(/private/);
    expect(cdn.hits).toEqual(["/redirect"]);
    expect(inside.hits).toEqual([]);
  });

  it("is refused past the size cap while streaming", async () => {
    const before = process.memoryUsage().arrayBuffers;
    // Settled into a short text: a resolved 256 MB buffer would be too large for the assertion's diff to print.
    const outcome = await imageFrom(`${cdn.url}/huge.png?bytes=${256 * 1024 * 1024}`).then(
      (bytes) => `resolved with ${bytes.length} bytes`,
      (error: Error) => error.message,
    );
    expect(outcome).toMatch(/cap/);
    // The body was dropped at the cap, not read whole (256 MB would show here).
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(128 * 1024 * 1024);
  }, 30_000); // streams up to the cap (megabytes) through a loopback server: seconds on a loaded machine

  it("is refused when it is not an image type", async () => {
    await expect(imageFrom(`${cdn.url}/page.html`)).rejects.toThrow(/not an image type/);
  });

  it("is refused when the bytes claim image/png but do not decode", async () => {
    await expect(imageFrom(`${cdn.url}/fake.png`)).rejects.toThrow(/does not decode/);
    await expect(imageFrom(`${cdn.url}/truncated.png`)).rejects.toThrow(/does not decode/);
  });

  it("is refused as base64 when the bytes do not decode", async () => {
    openai.imageAnswer = { b64_json: Buffer.from("<svg onload=alert(1)>").toString("base64") };
    await expect(openAiImage("an editorial illustration")).rejects.toThrow(/does not decode/);
  });
});
