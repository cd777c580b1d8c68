import { intervieweeSchema, linkSchema, qaSchema } from "~/features/articles/schema.ts";
import type { Interview, Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";

const PUBLIC: Prisma.InterviewWhereInput = { status: "published" };

/** A row with its JSON columns parsed; malformed JSON degrades to empty values instead of breaking a page. */
function toInterviewDto(row: Interview) {
  const interviewee = intervieweeSchema.catch({ name: "", focus: [] }).parse(row.interviewee);
  return {
    ...row,
    interviewee,
    referent_slug: row.referent_slug ?? interviewee.referent_slug ?? null,
    qa_es: qaSchema.array().catch([]).parse(row.qa_es),
    qa_en: qaSchema.array().catch([]).parse(row.qa_en),
    links: linkSchema.array().catch([]).parse(row.links),
  };
}

/** Published interviews, newest first, optionally those carrying a topic. */
export async function listInterviews(db: DbClient, opts: { topic?: string; limit?: number } = {}) {
  const rows = await db.interview.findMany({
    where: { ...PUBLIC, ...(opts.topic ? { topics: { has: opts.topic } } : {}) },
    orderBy: [{ date: "desc" }, { id: "asc" }],
    take: opts.limit,
  });
  return rows.map(toInterviewDto);
}

export async function getInterview(db: DbClient, slug: string) {
  const row = await db.interview.findFirst({ where: { ...PUBLIC, slug } });
  return row ? toInterviewDto(row) : null;
}

/** `true` when a published interview has this slug, else null (a miss the cache does not store). */
export async function publishedInterviewExists(db: DbClient, slug: string): Promise<true | null> {
  return (await db.interview.count({ where: { ...PUBLIC, slug } })) > 0 || null;
}

/** The newest featured interview (home block); the newest interview when none is featured. */
export async function getFeaturedInterview(db: DbClient) {
  const row =
    (await db.interview.findFirst({ where: { ...PUBLIC, featured: true }, orderBy: { date: "desc" } })) ??
    (await db.interview.findFirst({ where: PUBLIC, orderBy: { date: "desc" } }));
  return row ? toInterviewDto(row) : null;
}

/** Interviews with a referent (by the column or the interviewee's referent_slug). */
export async function listInterviewsForReferent(db: DbClient, referentSlug: string) {
  const rows = await db.interview.findMany({
    where: {
      ...PUBLIC,
      OR: [{ referent_slug: referentSlug }, { interviewee: { path: ["referent_slug"], equals: referentSlug } }],
    },
    orderBy: { date: "desc" },
  });
  return rows.map(toInterviewDto);
}

export async function listInterviewRefs(db: DbClient) {
  return db.interview.findMany({ where: PUBLIC, select: { slug: true, updated_at: true }, orderBy: { date: "desc" } });
}
