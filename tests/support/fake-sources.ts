import { type FakeServer, startFakeServer } from "./fake-http.ts";

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

const page = (p: { title: string; paragraphs: string[] }) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${p.title}</title></head>
<body><header><nav><a href="/">Home</a> <a href="/news">News</a></nav></header>
<main><article><h1>${p.title}</h1>${p.paragraphs.map((t) => `<p>${t}</p>`).join("\n")}</article></main>
<footer><p>© Official publisher</p></footer></body></html>`;

/** A loopback stand-in for official sites: the pages above, robots.txt allowing all, and 404 for the rest. */
export async function startFakeSources(): Promise<FakeServer & { host: string; urlOf(path: string): string }> {
  const server = await startFakeServer((_req, url) => {
    if (url.pathname === "/robots.txt") return { type: "text/plain", body: "User-agent: *\nAllow: /\n" };
    const found = SOURCE_PAGES[url.pathname];
    if (found) return { type: "text/html; charset=utf-8", body: page(found) };
    return { status: 404, type: "text/html", body: "<html><body><h1>Not found</h1></body></html>" };
  });
  return Object.assign(server, {
    host: new URL(server.url).host,
    urlOf: (path: string) => `${server.url}${path}`,
  });
}
