import { z } from "zod";
import { actorFromSession } from "~/platform/audit/actor.ts";
import { emptyInputSchema } from "~/platform/http/common-schemas.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { decideReply, listReplies, reactionStats } from "./desk-replies.ts";
import { reactionStatsSchema, replyDecisionSchema, replyListInputSchema, replyListSchema } from "./replies-schema.ts";

const tags = ["admin"];
const success = z.object({ success: z.boolean() });

/** "Respuestas del fediverso": the desk's list and its two decisions, and the reactions for Estadísticas. */
export const adminFediverseRepliesRouter = createTRPCRouter({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/fediverse-replies", tags, summary: "Replies from the fediverse" } })
    .input(replyListInputSchema)
    .output(replyListSchema)
    .query(({ ctx, input }) => listReplies(ctx.db, input)),
  approve: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/fediverse-replies/{id}/approve",
        tags,
        summary: "Show a fediverse reply under its article",
      },
      audit: { action: "fediverse_reply.approve", target: "fediverse_reply" },
    })
    .input(replyDecisionSchema)
    .output(success)
    .mutation(({ ctx, input }) => decideReply(ctx.db, input.id, "approved", actorFromSession(ctx.session))),
  reject: adminProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/admin/fediverse-replies/{id}/reject",
        tags,
        summary: "Hide a fediverse reply",
      },
      audit: { action: "fediverse_reply.reject", target: "fediverse_reply" },
    })
    .input(replyDecisionSchema)
    .output(success)
    .mutation(({ ctx, input }) => decideReply(ctx.db, input.id, "rejected", actorFromSession(ctx.session))),
  reactions: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/fediverse-reactions",
        tags,
        summary: "Likes, boosts and replies per article",
      },
    })
    .input(emptyInputSchema)
    .output(reactionStatsSchema)
    .query(({ ctx }) => reactionStats(ctx.db)),
});
