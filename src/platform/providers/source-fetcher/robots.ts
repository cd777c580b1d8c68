import robotsParser from "robots-parser";
import { FetchError } from "./fetch-error.ts";

type Robots = ReturnType<typeof robotsParser>;
/** How long a robots.txt answer is trusted (RFC 9309 suggests no more than a day). */
const ROBOTS_TTL_MS = 60 * 60 * 1000;

/** What reading /robots.txt gave: its text, "none" (4xx: no rules), or "unreachable" (5xx: everything barred). */
export type RobotsAnswer = { kind: "rules"; text: string } | { kind: "none" } | { kind: "unreachable"; status: number };

/**
 * robots.txt per origin, read once an hour and cached: a page is fetched only if the rules for our User-Agent
 * (or, failing those, for *) allow it. As RFC 9309 says, a missing robots.txt allows everything and a server
 * error bars everything.
 */
export function createRobotsGate(userAgent: string, read: (robotsUrl: URL) => Promise<RobotsAnswer>) {
  const cache = new Map<string, { at: number; robots: Robots | "allow-all" | { barred: number } }>();
  const token = userAgent.split("/")[0];

  async function rulesFor(origin: string) {
    const hit = cache.get(origin);
    if (hit && Date.now() - hit.at < ROBOTS_TTL_MS) return hit.robots;
    const robotsUrl = new URL("/robots.txt", origin);
    const answer = await read(robotsUrl);
    const robots =
      answer.kind === "rules"
        ? robotsParser(robotsUrl.href, answer.text)
        : answer.kind === "none"
          ? ("allow-all" as const)
          : { barred: answer.status };
    cache.set(origin, { at: Date.now(), robots });
    return robots;
  }

  return async function assertAllowed(url: URL): Promise<void> {
    const robots = await rulesFor(url.origin);
    if (robots === "allow-all") return;
    if ("barred" in robots)
      throw new FetchError("robots", `${url.origin}/robots.txt answered ${robots.barred}: treated as disallow-all`);
    if (robots.isAllowed(url.href, token) === false)
      throw new FetchError("robots", `${url.origin}/robots.txt disallows ${url.pathname} for ${token}`);
  };
}
