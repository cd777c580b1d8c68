import { z } from "zod";
import { emailSchema, localeSchema } from "~/platform/http/common-schemas.ts";
import { contactReasons } from "~/ui/form-limits.ts";

const contactReasonSchema = z.enum(contactReasons);

const required = (max: number) => z.string().trim().min(1, "is required").max(max, `must be at most ${max} characters`);

/** docs/product.md §7 POST /api/contact. Shared by the form, tRPC and REST. */
export const contactInputSchema = z.object({
  name: required(120),
  email: emailSchema,
  organization: z.string().trim().max(160).optional().default(""),
  reason: contactReasonSchema.default("other"),
  message: required(5000),
  privacy: z.literal(true, { error: "must be accepted" }),
  locale: localeSchema.optional(),
});
export const contactOutputSchema = z.object({ success: z.boolean(), id: z.string() });
