import { z } from "zod";
import { actorFromSession } from "~/platform/audit/actor.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { autoMigrateAuthors, fixAuthorNames, hardcodedAuthors } from "./author-migration.ts";
import { fixAuthorNamesSchema, hardcodedAuthorsSchema, migrationResponseSchema } from "./schema.ts";

const tags = ["migration"];

export const adminMigrationRouter = createTRPCRouter({
  authors: adminProcedure
    .meta({
      openapi: { method: "GET", path: "/admin/articles/hardcoded-authors", tags, summary: "Authors and articles" },
    })
    .input(z.object({}).optional())
    .output(hardcodedAuthorsSchema)
    .query(({ ctx }) => hardcodedAuthors(ctx.db)),
  fixAuthorNames: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/admin/articles/fix-author-names", tags, summary: "Assign authors by slug" },
      audit: { action: "author.migrate", target: "authors" },
    })
    .input(fixAuthorNamesSchema)
    .output(migrationResponseSchema)
    .mutation(({ ctx, input }) => fixAuthorNames(ctx.db, input.mapping, actorFromSession(ctx.session))),
  autoMigrate: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/admin/articles/auto-migrate", tags, summary: "Agent names → editorial" },
      audit: { action: "author.auto_migrate", target: "authors" },
    })
    .input(z.object({}).optional())
    .output(migrationResponseSchema)
    .mutation(({ ctx }) => autoMigrateAuthors(ctx.db, actorFromSession(ctx.session))),
});
