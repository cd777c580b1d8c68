import { z } from "zod";

/** URL slugs: lowercase letters, digits and hyphens. */
export const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lowercase slug (a-z, 0-9, -)");

export const localeSchema = z.enum(["es", "en"]);

/** A syntactically valid e-mail address, trimmed; bounded so nobody stores megabytes in the list. */
export const emailSchema = z.string().trim().max(254, "must be at most 254 characters").email("must be a valid e-mail");

/** Paging of the admin lists. */
export const pageFields = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
};

export const pageInputSchema = z.object(pageFields);
export type PageInput = z.infer<typeof pageInputSchema>;

/** Procedures without input (their REST twin takes no body). */
export const emptyInputSchema = z.object({});

/** A one-line answer a form shows as it is. */
export const messageSchema = z.object({ message: z.string() });
