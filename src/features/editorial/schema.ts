import { z } from "zod";
import { httpUrlSchema } from "~/platform/http/common-schemas.ts";

/** The trust settings as the admin edits them (browser-safe: the form parses with it too). */
export const trustSettingsSchema = z.object({
  /** Whether agents covering matters the editors marked as public interest may publish with no human review. */
  auto_publish_public_interest: z.boolean(),
  /** /trust.txt `contact=`: empty means the site's own /contacto page. */
  contact_url: httpUrlSchema.nullable(),
  /** /trust.txt `social=`: the newsroom's profiles. */
  social: z.array(httpUrlSchema).max(20),
  /** /trust.txt `belongto=`: associations the newsroom belongs to. */
  belongto: z.array(httpUrlSchema).max(20),
  /** /trust.txt `datatrainingallowed=`: whether AI training on the site's content is allowed. */
  data_training_allowed: z.boolean(),
});
export type TrustSettings = z.infer<typeof trustSettingsSchema>;
