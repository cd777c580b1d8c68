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

/** One page of a list, as the paged admin lists answer it. */
export const pageOfSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });
export type PageInput = z.infer<typeof pageInputSchema>;

/** Procedures without input (their REST twin takes no body). */
export const emptyInputSchema = z.object({});

/** A one-line answer a form shows as it is. */
export const messageSchema = z.object({ message: z.string() });

/** An http(s) URL: a link a reader can follow (sources, links). */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === "https:" || u.protocol === "http:";
    } catch {
      return false;
    }
  }, "must be an http(s) URL");

const SITE_BASE = "http://site.invalid";

/**
 * A path on this site ("/api/media/x.png"). Browsers read "\" as "/" and drop tabs and newlines, so "/\evil",
 * "//evil" and "/\t/evil" would all load from another host: the value must start with one "/", hold no
 * backslash, whitespace or control character, and resolve to this site's own origin.
 */
export function isSitePath(value: string): boolean {
  if (!value.startsWith("/") || value.startsWith("//")) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return false;
  try {
    return new URL(value, SITE_BASE).origin === SITE_BASE;
  } catch {
    return false;
  }
}

/** A link stored for the site's pages (an image, say): a path on this site or an http(s) URL. */
export const sitePathOrHttpUrlSchema = z
  .string()
  .trim()
  .max(2000)
  .refine(
    (v) => (v.startsWith("/") ? isSitePath(v) : httpUrlSchema.safeParse(v).success),
    'must be an http(s) URL or a site path (one leading "/", no "\\", no "//")',
  );
