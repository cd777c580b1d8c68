import { afterAll, describe, expect, it } from "vitest";
import { createPrivateDatabase } from "../support/private-database.ts";
import { until } from "../support/until.ts";

/**
 * A decision on a fediverse reply changes one article page only: it expires that page's tag, not the lists of
 * articles (home, /noticias, the feeds), which show no replies and must stay cached for every other reader.
 * Heard on the channel a process without Next's cache announces expiries on; a database of this file's own.
 */
const database = await createPrivateDatabase("fedi_expiry");
const { listenForTagExpiries } = await import("~/platform/cache/tag-expiry-channel.ts");
const { articlePageTags } = await import("~/features/articles/index.ts");
const { db } = await import("~/platform/db/db.ts");
const { buildArticle } = await import("../support/builders.ts");
const { restAdmin } = await import("../support/rest-admin.ts");

const heard: string[][] = [];
const stop = listenForTagExpiries(database.url, async (tags) => void heard.push(tags));
afterAll(async () => {
  await stop();
  await db.$disconnect();
});

describe("a reply decision's cache expiry", () => {
  it("expires the article's page, not the lists", async () => {
    await until("the listener", async () => {
      const rows = await db.$queryRaw<unknown[]>`SELECT 1 FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = 'riesgos-ia-cache-expiry'`;
      return rows.length > 0;
    });
    const { call } = await restAdmin("fedi-expiry-admin");
    const article = await buildArticle(db, { slug: "respuesta-caduca", status: "published", published_at: new Date() });
    const reply = await db.fediverseReply.create({
      data: {
        object_uri: "https://mastodon.example/statuses/caduca",
        activity_uri: "https://mastodon.example/activities/caduca",
        article_id: article.id,
        locale: "es",
        author_uri: "https://mastodon.example/users/alice",
        author_handle: "@alice@mastodon.example",
        author_url: "https://mastodon.example/@alice",
        content: "<p>Hola</p>",
        published: new Date(),
      },
    });
    for (const decision of ["approve", "reject"]) {
      heard.length = 0;
      expect((await call("POST", `/admin/fediverse-replies/${reply.id}/${decision}`)).status).toBe(200);
      await until(`the ${decision}'s expiry`, async () => heard.length > 0);
      expect(heard.flat(), decision).toEqual(articlePageTags(article.slug));
    }
  });
});
