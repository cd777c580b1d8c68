/** Runs once when the server starts. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "edge") return;
  const { siteUrlWarning } = await import("~/lib/site-url.ts");
  const warning = siteUrlWarning();
  if (warning) console.warn(warning);
}
