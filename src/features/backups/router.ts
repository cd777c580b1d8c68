import { z } from "zod";
import { localeSchema } from "~/platform/http/common-schemas.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { listBackups } from "./admin.ts";
import { backupsOverviewSchema } from "./schema.ts";

/** Admin › Trabajos: the scheduled backups, verified or not, and their open alerts. */
export const adminBackupsRouter = createTRPCRouter({
  list: adminProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/admin/backups",
        tags: ["admin"],
        summary: "Scheduled backups and their alerts",
      },
    })
    .input(z.object({ locale: localeSchema.default("es") }).optional())
    .output(backupsOverviewSchema)
    .query(({ ctx, input }) => listBackups(ctx.db, input?.locale ?? "es")),
});
