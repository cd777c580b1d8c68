import { z } from "zod";

/** URL slugs: lowercase letters, digits and hyphens. */
export const slugSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lowercase slug (a-z, 0-9, -)");

export const localeSchema = z.enum(["es", "en"]);
