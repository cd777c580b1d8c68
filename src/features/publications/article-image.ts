import sharp from "sharp";
import { imageStorage } from "~/platform/providers/image-storage.ts";
import { openAiImage } from "~/platform/providers/openai.ts";
import { generatedImageXmp } from "./ai-image-xmp.ts";

/** Social-card size (docs/product.md §9: 1200 × 630). */
const SOCIAL_WIDTH = 1200;
const SOCIAL_HEIGHT = 630;

/**
 * Crops a generated image to the 1200×630 social card (centre-weighted "attention" crop) as JPEG. The
 * metadata the provider embedded (EXIF, ICC, its XMP with any C2PA reference) is kept, and the XMP says
 * the image is AI-generated (IPTC digitalSourceType), so the label travels with the file.
 */
async function toSocialCard(bytes: Buffer): Promise<Buffer> {
  const { xmp } = await sharp(bytes).metadata();
  return sharp(bytes)
    .resize(SOCIAL_WIDTH, SOCIAL_HEIGHT, { fit: "cover", position: sharp.strategy.attention })
    .keepMetadata()
    .withXmp(generatedImageXmp(xmp?.toString("utf8")))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
}

/** An editorial illustration prompt: no text, no real people (avoids fake likenesses). */
function imagePrompt(title: string, summary: string): string {
  return (
    `Editorial illustration for a news article about artificial-intelligence risks. Title: "${title}". ` +
    `Context: ${summary.slice(0, 400)}. Abstract, sober, conceptual; no text, no logos, no real people.`
  );
}

/** Generates, crops and stores an article image; returns its public URL. */
export async function generateArticleImage(title: string, summary: string): Promise<string> {
  const raw = await openAiImage(imagePrompt(title, summary));
  const card = await toSocialCard(raw);
  return imageStorage().put(card, "image/jpeg", "jpg");
}
