/** The beacon's endpoint (same origin, so the CSP's connect-src 'self' allows it); alone so the beacon ships no zod. */
export const HIT_PATH = "/api/analytics/hit";
