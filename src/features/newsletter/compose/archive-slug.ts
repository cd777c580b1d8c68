import { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";

/** The Madrid calendar day of `at`, as YYYY-MM-DD (the day the Top 5 goes out). */
const madridDay = (at: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Madrid", year: "numeric", month: "2-digit", day: "2-digit" })
    .format(at)
    .slice(0, 10);

/** `top-5-2026-11-27`, then `top-5-2026-11-27-2`… when a day already has one. */
export const archiveSlug = (at: Date, n: number) => `top-5-${madridDay(at)}${n > 1 ? `-${n}` : ""}`;

const isUniqueViolation = (err: unknown) => err instanceof Prisma.PrismaClientKnownRequestError && err.code === "P2002";

/**
 * Creates a newsletter under the first free archive slug of its day. Two generations racing for the same slug:
 * the unique index refuses the second, which takes the next number.
 */
export async function createWithSlug(db: DbClient, at: Date, data: (slug: string) => Prisma.NewsletterCreateInput) {
  const taken = await db.newsletter.count({ where: { slug: { startsWith: archiveSlug(at, 1) } } });
  for (let n = taken + 1; ; n++) {
    try {
      return await db.newsletter.create({ data: data(archiveSlug(at, n)) });
    } catch (err) {
      if (!isUniqueViolation(err) || n > taken + 20) throw err;
    }
  }
}
