import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { invalidateTrust } from "./cache.ts";
import { trustSettingsSchema } from "./schema.ts";
import { getTrustSettings, saveTrustSettings } from "./trust-settings.ts";

const tags = ["settings"];

/** The trust settings: auto-publish of public-interest matters and what /trust.txt declares. */
export const adminTrustRouter = createTRPCRouter({
  settings: adminProcedure
    .meta({ openapi: { method: "GET", path: "/admin/trust-settings", tags, summary: "Trust settings" } })
    .output(trustSettingsSchema)
    .query(({ ctx }) => getTrustSettings(ctx.db)),
  updateSettings: adminProcedure
    .meta({
      openapi: { method: "PUT", path: "/admin/trust-settings", tags, summary: "Save the trust settings" },
      audit: { action: "trust.settings", target: "settings" },
    })
    .input(trustSettingsSchema)
    .output(trustSettingsSchema)
    .mutation(async ({ ctx, input }) => {
      const saved = await saveTrustSettings(ctx.db, input);
      await invalidateTrust();
      return saved;
    }),
});
