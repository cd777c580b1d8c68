import { describe, expect, it } from "vitest";
import { renderFediverseHeaderImage } from "~/features/seo/ui/og-image.tsx";

/** The width and height a PNG declares in its IHDR chunk (bytes 16–23, after the signature and chunk header). */
function pngSize(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    signature: [...bytes.subarray(1, 4)].map((b) => String.fromCharCode(b)).join(""),
    width: view.getUint32(16),
    height: view.getUint32(20),
  };
}

describe("the actors' header image (/fediverse-header.png)", () => {
  it("is a 1500 × 500 PNG, the size Mastodon crops a header to", { timeout: 60_000 }, async () => {
    const res = renderFediverseHeaderImage();
    expect(res.headers.get("content-type")).toBe("image/png");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(pngSize(bytes)).toEqual({ signature: "PNG", width: 1500, height: 500 });
  });
});
