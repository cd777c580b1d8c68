import { imageStorage } from "~/server/providers/image-storage.ts";

/** Serves images stored by the local storage driver (generated article images). */
export async function GET(_req: Request, { params }: { params: Promise<{ path: string[] }> }) {
  const { path } = await params;
  const image = await imageStorage().get(path.join("/"));
  if (!image) return Response.json({ error: "Image not found", code: "NOT_FOUND" }, { status: 404 });
  return new Response(new Uint8Array(image.bytes), {
    headers: {
      "content-type": image.contentType,
      // Keys are random and never rewritten: safe to cache forever.
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
