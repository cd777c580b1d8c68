/**
 * Public pages are statically generated and cached; whenever published content changes, call this so
 * readers see the change without a rebuild. Owned by the public-site feature (which knows the routes);
 * writers (publications, agents) only call it.
 */
export async function revalidatePublicContent(_change: {
  kind: "article" | "interview";
  slug?: string;
}): Promise<void> {
  try {
    const { revalidatePath } = await import("next/cache");
    revalidatePath("/", "layout");
  } catch {
    // Outside a Next.js request (tests, scripts) there is no cache to revalidate.
  }
}
