import { z } from "zod";

/** What the beacon posts: the page's path and query as the reader sees it, and the document's referrer. */
export const hitInputSchema = z.object({
  p: z.string().startsWith("/").max(2048),
  r: z.string().max(2048).optional(),
});
export type HitInput = z.infer<typeof hitInputSchema>;

/** The beacon's endpoint (same origin, so the CSP's connect-src 'self' allows it). */
export const HIT_PATH = "/api/analytics/hit";
