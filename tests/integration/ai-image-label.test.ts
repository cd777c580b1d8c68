import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { describe, expect, it, vi } from "vitest";
import { startFakeOpenAi } from "../support/fake-openai.ts";

/**
 * Item: AI images say so, to people (caption, alt text) and to machines (IPTC digitalSourceType in the XMP
 * written with sharp, and in the article's JSON-LD), keeping what the provider embedded.
 */
const TRAINED = "http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia";
const PROVIDER_XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:c2pa="http://c2pa.org/manifest"
 c2pa:manifestLabel="urn:uuid:provider-manifest-1"><dc:creator><rdf:Seq><rdf:li>Proveedor de imágenes</rdf:li></rdf:Seq></dc:creator></rdf:Description>
</rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

const openAi = await startFakeOpenAi();
vi.stubEnv("OPENAI_API_KEY", "ai-image-fake-key");
vi.stubEnv("OPENAI_BASE_URL", openAi.url);
const { generateArticleImage } = await import("~/features/publications/index.ts");
const { imageStorage } = await import("~/platform/providers/image-storage.ts");
const { MEDIA_PREFIX } = await import("~/platform/providers/media-keys.ts");

async function stored(url: string) {
  expect(url.startsWith(MEDIA_PREFIX)).toBe(true);
  const image = await imageStorage().get(url.slice(MEDIA_PREFIX.length));
  if (!image) throw new Error(`${url} was not stored`);
  return image.bytes;
}

describe("AI-generated images are labelled", () => {
  it("writes IPTC digitalSourceType = trainedAlgorithmicMedia into the stored image's XMP", async () => {
    const url = await generateArticleImage("Guías del AI Act", "La Comisión publica las guías.");
    const meta = await sharp(await stored(url)).metadata();
    expect(meta.width).toBe(1200);
    expect(meta.xmp?.toString()).toContain(TRAINED);
  });

  it("keeps the provider's own XMP (its C2PA reference, its creator) when cropping, beside the IPTC term", async () => {
    const withXmp = await sharp({ create: { width: 1536, height: 1024, channels: 3, background: "#224466" } })
      .withXmp(PROVIDER_XMP)
      .png()
      .toBuffer();
    expect((await sharp(withXmp).metadata()).xmp?.toString()).toContain("provider-manifest-1");
    openAi.imageAnswer = { b64_json: withXmp.toString("base64") };
    try {
      const url = await generateArticleImage("Guías del AI Act", "La Comisión publica las guías.");
      const xmp = (await sharp(await stored(url)).metadata()).xmp?.toString() ?? "";
      expect(xmp).toContain("urn:uuid:provider-manifest-1");
      expect(xmp).toContain("Proveedor de imágenes");
      expect(xmp).toContain(TRAINED);
      expect(xmp.match(/DigitalSourceType/g)).toHaveLength(1);
    } finally {
      openAi.imageAnswer = null;
    }
  });

  it("shows 'Imagen generada con IA' as a caption and an alt-text suffix, and says it in JSON-LD", async () => {
    const { ArticleImage, articleImageJsonLd } = await import("~/features/articles/ui/article-image.tsx");
    const url = "/api/media/2026/12/generada.jpg";
    const html = renderToStaticMarkup(ArticleImage({ url, title: "Guías del AI Act", locale: "es" }));
    expect(html).toMatch(/<figcaption[^>]*>Imagen generada con IA<\/figcaption>/);
    expect(html).toContain('alt="Guías del AI Act · Imagen generada con IA"');
    const en = renderToStaticMarkup(ArticleImage({ url, title: "AI Act guidelines", locale: "en" }));
    expect(en).toContain('alt="AI Act guidelines · AI-generated image"');
    expect(articleImageJsonLd(url, "es")).toMatchObject({
      "@type": "ImageObject",
      url: expect.stringMatching(/^https?:\/\/.+\/api\/media\/2026\/12\/generada\.jpg$/),
      caption: "Imagen generada con IA",
      digitalSourceType: TRAINED,
    });
    // An image from elsewhere (an editor's link) is not the site's generation: no label is claimed for it.
    const other = renderToStaticMarkup(
      ArticleImage({ url: "https://example.org/foto.jpg", title: "Foto", locale: "es" }),
    );
    expect(other).not.toContain("Imagen generada con IA");
    expect(articleImageJsonLd("https://example.org/foto.jpg", "es")).toBeNull();
  });
});
