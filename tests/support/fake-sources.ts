import { createHash } from "node:crypto";
import { type FakeServer, type Handler, startFakeServer } from "./fake-http.ts";

/** Official-style pages, each long enough for the extractor to find its main text. */
export const SOURCE_PAGES: Record<string, { title: string; paragraphs: string[] }> = {
  "/ai-office/consultation": {
    title: "Commission opens consultation on high-risk AI guidelines",
    paragraphs: [
      "The European Commission has opened a public consultation on the guidelines for high-risk AI systems under the AI Act.",
      "Stakeholders can reply until 18 July 2025. The consultation covers the classification rules set out in Article 6 of the AI Act.",
      "Executive Vice-President Henna Virkkunen said: “Clear guidelines will help companies comply with the AI Act from day one.”",
      "The AI Office received 1,200 contributions to its previous consultation, 40% of them from small and medium-sized enterprises.",
    ],
  },
  "/aisi/frontier-trends": {
    title: "AI Security Institute publishes frontier AI trends report",
    paragraphs: [
      "The AI Security Institute has published its first report on trends in frontier AI capabilities and risks.",
      "The report draws on evaluations of 30 frontier models carried out since November 2023.",
      "The Institute found that cyber capabilities of the evaluated models doubled roughly every eight months.",
    ],
  },
};

const page = (p: { title: string; paragraphs: string[]; footer?: string }) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${p.title}</title></head>
<body><header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
<main><article><h1>${p.title}</h1>${p.paragraphs.map((t) => `<p>${t}</p>`).join("\n")}</article></main>
<footer><p>${p.footer ?? "© Official publisher"}</p></footer></body></html>`;

/**
 * A consolidated act with its annexes, over the fetcher's 5 MB cap (about 6 MB): its opening paragraphs are
 * read, and the last one, past the cap, is not.
 */
export const LARGE_ACT = {
  path: "/eur-lex/consolidated-act",
  title: "Consolidated text of the AI Act with annexes",
  opening: "This consolidated text of the AI Act applies from 2 August 2026 to providers of high-risk AI systems.",
  pastTheCap: "Annex XIV lists 777 additional high-risk uses.",
};
let largeAct: string | null = null;
const largeActHtml = () => {
  const annex = "Annex text describing obligations of providers and deployers in detail. ".repeat(20);
  largeAct ??= page({
    title: LARGE_ACT.title,
    paragraphs: [LARGE_ACT.opening, ...Array.from({ length: 4300 }, () => annex), LARGE_ACT.pastTheCap],
  });
  return largeAct;
};

/** The strong validator of a page's current HTML (re-fetches send it back in If-None-Match). */
const etagOf = (html: string) => `"${createHash("sha256").update(html).digest("hex").slice(0, 16)}"`;

export interface FakeSources extends FakeServer {
  host: string;
  urlOf(path: string): string;
  /** From now on this path answers `status` (a page taken down: 404, 410…) until reset(). */
  answer(path: string, status: number): void;
  /** From now on this path redirects (301) to `to` until reset(). */
  redirect(path: string, to: string): void;
  /** From now on this path serves this page instead (a revised text, or only a new footer) until reset(). */
  revise(path: string, revised: { title: string; paragraphs: string[]; footer?: string }): void;
}

/**
 * A loopback stand-in for official sites: the pages above (with an ETag, answering 304 to a matching
 * If-None-Match), robots.txt allowing all, and 404 for the rest.
 */
export async function startFakeSources(): Promise<FakeSources> {
  const statuses = new Map<string, number>();
  const redirects = new Map<string, string>();
  const revisions = new Map<string, { title: string; paragraphs: string[]; footer?: string }>();
  const server = await startFakeServer((req, url): ReturnType<Handler> => {
    if (url.pathname === "/robots.txt") return { type: "text/plain", body: "User-agent: *\nAllow: /\n" };
    const status = statuses.get(url.pathname);
    if (status) return { status, type: "text/html", body: `<html><body><h1>${status}</h1></body></html>` };
    const to = redirects.get(url.pathname);
    if (to) return { status: 301, type: "text/html", headers: { location: to }, body: "" };
    if (url.pathname === LARGE_ACT.path) return { type: "text/html; charset=utf-8", body: largeActHtml() };
    const found = revisions.get(url.pathname) ?? SOURCE_PAGES[url.pathname];
    if (found) {
      const html = page(found);
      const etag = etagOf(html);
      if (req.headers["if-none-match"] === etag) return { status: 304, type: "text/html", headers: { etag }, body: "" };
      return { type: "text/html; charset=utf-8", headers: { etag }, body: html };
    }
    return { status: 404, type: "text/html", body: "<html><body><h1>Not found</h1></body></html>" };
  });
  const reset = server.reset;
  return Object.assign(server, {
    host: new URL(server.url).host,
    urlOf: (path: string) => `${server.url}${path}`,
    answer: (path: string, status: number) => void statuses.set(path, status),
    redirect: (path: string, to: string) => void redirects.set(path, to),
    revise: (path: string, revised: { title: string; paragraphs: string[]; footer?: string }) =>
      void revisions.set(path, revised),
    reset() {
      revisions.clear();
      reset();
      statuses.clear();
      redirects.clear();
    },
  });
}
