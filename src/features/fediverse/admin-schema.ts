import { z } from "zod";

const actor = z.enum(["noticias", "news"]);

/** A handle as Mastodon accepts usernames: letters, digits and underscores, at most 30. */
export const profileInputSchema = z.object({
  actor,
  handle: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,30}$/, "letters, digits and _ only, 1 to 30"),
  name: z.string().trim().min(1).max(100),
  summary: z.string().trim().max(500),
});

export const switchesInputSchema = z.object({ noteTeaser: z.boolean(), privateMode: z.boolean() });

export const addBlockInputSchema = z.object({
  kind: z.enum(["domain", "actor"]),
  value: z.string().trim().min(1).max(500),
});

export const removeBlockInputSchema = z.object({ id: z.string().min(1).max(64) });

const profile = z.object({
  actor,
  handle: z.string(),
  name: z.string(),
  summary: z.string(),
  previousHandle: z.string().nullable(),
  previousUntil: z.date().nullable(),
});

export const overviewSchema = z.object({
  host: z.string(),
  followersByInstance: z.array(z.object({ host: z.string(), noticias: z.number(), news: z.number() })),
  blocks: z.array(
    z.object({ id: z.string(), kind: z.enum(["domain", "actor"]), value: z.string(), createdAt: z.date() }),
  ),
  profiles: z.array(profile),
  switches: switchesInputSchema,
});
export type FediverseOverview = z.infer<typeof overviewSchema>;
