import { z } from "zod";
import type { DbClient } from "~/platform/db/client.ts";
import { siteUrl } from "~/platform/http/site-url.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { announceActorUpdate } from "./actor-update.ts";
import {
  addBlockInputSchema,
  overviewSchema,
  profileInputSchema,
  removeBlockInputSchema,
  switchesInputSchema,
} from "./admin-schema.ts";
import { appFediverse } from "./app-federation.ts";
import { addBlock, listBlocks, removeBlock } from "./blocks.ts";
import { invalidateFediversePublic } from "./cache.ts";
import { followersByInstance } from "./followers.ts";
import { actorProfiles, saveActorProfile } from "./profiles.ts";
import { fediverseEnabled } from "./settings.ts";
import { fediverseSwitches, saveFediverseSwitches } from "./switches.ts";

async function overview(db: DbClient) {
  return {
    host: new URL(siteUrl()).host,
    followersByInstance: await followersByInstance(db),
    blocks: await listBlocks(db),
    profiles: Object.values(await actorProfiles(db)),
    switches: await fediverseSwitches(db),
  };
}

/** A write of the tab: admin only, audited as `action` on the settings, answered with the tab's overview. */
function write<S extends z.ZodType<Record<string, unknown>>>(
  action: string,
  schema: S,
  run: (db: DbClient, input: z.output<S>) => Promise<unknown>,
) {
  return adminProcedure
    .meta({ audit: { action, target: "settings" } })
    .input(schema)
    .output(overviewSchema)
    .mutation(async ({ ctx, input }) => {
      await run(ctx.db, input as z.output<S>);
      return overview(ctx.db);
    });
}

/**
 * admin › Fediverso: followers by instance, the block list, the actors' handles, names and summaries, and
 * the Note / private-mode switches. tRPC only (no REST path): the panel is their one client.
 */
export const adminFediverseRouter = createTRPCRouter({
  overview: adminProcedure
    .input(z.object({}).optional())
    .output(overviewSchema)
    .query(({ ctx }) => overview(ctx.db)),
  saveProfile: write("fediverse.profile.save", profileInputSchema, async (db, input) => {
    const { changed } = await saveActorProfile(db, input);
    // Followers' servers keep a copy of the actor: an Update(actor) refreshes it (the URI never changes).
    if (changed && fediverseEnabled()) await announceActorUpdate(appFediverse(), { db }, siteUrl(), input.actor);
    await invalidateFediversePublic();
  }),
  saveSwitches: write("fediverse.settings.save", switchesInputSchema, async (db, input) => {
    await saveFediverseSwitches(db, input);
    await invalidateFediversePublic();
  }),
  addBlock: write("fediverse.block.add", addBlockInputSchema, (db, input) => addBlock(db, input.kind, input.value)),
  removeBlock: write("fediverse.block.remove", removeBlockInputSchema, (db, input) => removeBlock(db, input.id)),
});
