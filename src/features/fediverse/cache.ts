import { articlePageTags } from "~/features/articles/index.ts";
import { CONTENT_TTL, cached } from "~/platform/cache/cached.ts";
import { expireTags } from "~/platform/cache/expire-tags.ts";
import { db } from "~/platform/db/db.ts";
import { actorProfiles } from "./profiles.ts";
import { fediverseSwitches } from "./switches.ts";

/**
 * What reader pages show of the fediverse (the handles in the footer, on /newsletter and in the articles'
 * `fediverse:creator`; whether private mode hides them), through the data cache: every page that shows it
 * carries this tag, so a change in admin › Fediverso expires them at once.
 */
const TAG = "public:fediverse";

export const fediversePublic = cached(
  "fediverse.public",
  async () => {
    const profiles = await actorProfiles(db);
    const { privateMode } = await fediverseSwitches(db);
    return { handles: { noticias: profiles.noticias.handle, news: profiles.news.handle }, privateMode };
  },
  () => [TAG],
  CONTENT_TTL,
);

/** After a change of a handle or of private mode. */
export const invalidateFediversePublic = () => expireTags([TAG]);

/**
 * After a change of what an article's replies section shows (a decision, an edit or deletion of a shown reply):
 * those pages only. The lists of articles show no replies and stay cached.
 */
export const invalidateRepliesOf = (slugs: readonly string[]) => expireTags(slugs.flatMap(articlePageTags));
