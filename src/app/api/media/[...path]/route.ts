import { AppError } from "~/platform/errors.ts";
import { route } from "~/platform/http/route.ts";
import { imageStorage } from "~/platform/providers/image-storage.ts";

/** Serves generated article images through the configured storage driver (local folder or S3 bucket). */
export const GET = route<{ path: string[] }>("public", async (_req, { params: { path } }) => {
  const image = await imageStorage().get(path.join("/"));
  if (!image) throw new AppError("NOT_FOUND", "Image not found");
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "content-type": image.contentType,
      // Keys are random and never rewritten: safe to cache forever.
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
});
