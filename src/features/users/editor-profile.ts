import { CONTENT_TTL, cached } from "~/platform/cache/cached.ts";
import { db } from "~/platform/db/db.ts";
import { slugify } from "~/platform/http/slugify.ts";
import { listAdmins } from "./list-users.ts";

/** The editor (an admin: the people who approve) whose username gives this author slug, or null. */
async function editorBySlug(slug: string) {
  return (await listAdmins(db)).find((u) => slugify(u.username) === slug) ?? null;
}

/** Author pages read editors through the data cache, refreshed by time. */
export const editorContent = {
  bySlug: cached("users.editor", editorBySlug, () => ["public:editors"], CONTENT_TTL),
  /** The masthead: every editor's name and author slug. */
  all: cached(
    "users.editors",
    async () => (await listAdmins(db)).map((u) => ({ name: u.username, slug: slugify(u.username) })),
    () => ["public:editors"],
    CONTENT_TTL,
  ),
};
