import { type FakeServer, startFakeServer } from "./fake-http.ts";

export const RSS_ITEM = {
  title: "Commission opens consultation on AI Act high-risk guidelines",
  url: "https://digital-strategy.ec.europa.eu/en/news/consultation-high-risk-guidelines",
};
export const ATOM_ENTRY = {
  title: "AI Security Institute publishes frontier AI trends report",
  url: "https://www.gov.uk/government/publications/frontier-ai-trends-report",
};
export const NEWSAPI_ARTICLE = {
  title: "OECD updates its AI principles on accountability",
  url: "https://oecd.ai/en/wonk/ai-principles-accountability-update",
};

const rss = (items: { title: string; url: string }[]) => `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Shaping Europe's digital future</title><link>https://digital-strategy.ec.europa.eu</link>
${items
  .map(
    (i) =>
      `<item><title>${i.title}</title><link>${i.url}</link><description>&lt;p&gt;Consultation on AI risk&lt;/p&gt;</description><pubDate>Mon, 17 Nov 2025 10:00:00 GMT</pubDate></item>`,
  )
  .join("")}
</channel></rss>`;

const atom = (entries: { title: string; url: string }[]) => `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>AI Security Institute - GOV.UK</title>
${entries
  .map(
    (e) =>
      `<entry><title>${e.title}</title><link rel="alternate" type="text/html" href="${e.url}"/><updated>2025-11-18T09:00:00Z</updated><summary>Frontier AI risk trends</summary></entry>`,
  )
  .join("")}
</feed>`;

/** RSS 2.0 at /rss.xml, Atom at /atom.xml and NewsAPI's /v2/everything, from one loopback server. */
export async function startFakeNews(
  opts: { rssItems?: { title: string; url: string }[] } = {},
): Promise<FakeServer & { rssUrl: string; atomUrl: string; newsApiUrl: string }> {
  const server = await startFakeServer((req, url) => {
    if (url.pathname === "/rss.xml") return { type: "application/rss+xml", body: rss(opts.rssItems ?? [RSS_ITEM]) };
    if (url.pathname === "/atom.xml") return { type: "application/atom+xml", body: atom([ATOM_ENTRY]) };
    if (url.pathname === "/v2/everything") {
      if (req.headers["x-api-key"] !== "fake-newsapi-key")
        return { status: 401, body: { status: "error", code: "apiKeyInvalid", message: "bad key" } };
      return {
        body: {
          status: "ok",
          totalResults: 1,
          articles: [
            {
              source: { id: null, name: "OECD.AI" },
              title: NEWSAPI_ARTICLE.title,
              description: "Accountability principles for AI actors",
              url: NEWSAPI_ARTICLE.url,
              publishedAt: "2025-11-19T08:00:00Z",
            },
          ],
        },
      };
    }
    return { status: 404, body: { error: "not found" } };
  });
  return Object.assign(server, {
    rssUrl: `${server.url}/rss.xml`,
    atomUrl: `${server.url}/atom.xml`,
    newsApiUrl: `${server.url}/v2`,
  });
}
