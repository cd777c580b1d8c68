import { AppError } from "~/platform/errors.ts";
import { route } from "~/platform/http/route.ts";
import { imageStorage } from "~/platform/providers/image-storage.ts";

/** Serves images stored by the local storage driver (generated article images). */
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
