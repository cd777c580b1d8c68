import { linkSchema } from "~/features/articles/schema.ts";
import type { Company, Referent } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";

const links = linkSchema.array().catch([]);

function toReferentDto(row: Referent) {
  return { ...row, links: links.parse(row.links) };
}

function toCompanyDto(row: Company) {
  return { ...row, links: links.parse(row.links) };
}

/** Referents: featured first, then by name; `limit` for the home sidebar (3 key referents). */
export async function listReferents(db: DbClient, opts: { focus?: string; limit?: number } = {}) {
  const rows = await db.referent.findMany({
    where: opts.focus ? { focus: { has: opts.focus } } : {},
    orderBy: [{ featured: "desc" }, { name: "asc" }],
    take: opts.limit,
  });
  return rows.map(toReferentDto);
}

export async function getReferent(db: DbClient, slug: string) {
  const row = await db.referent.findUnique({ where: { slug } });
  return row ? toReferentDto(row) : null;
}

/** `true` when a referent has this slug, else null (a miss the cache does not store). */
export async function referentExists(db: DbClient, slug: string): Promise<true | null> {
  return (await db.referent.count({ where: { slug } })) > 0 || null;
}

export async function listCompanies(db: DbClient, opts: { type?: string } = {}) {
  const rows = await db.company.findMany({
    where: opts.type ? { type: opts.type } : {},
    orderBy: { name: "asc" },
  });
  return rows.map(toCompanyDto);
}

/** Applications: premium first (docs/product.md §2 highlights them), then by name. */
export async function listApplications(db: DbClient, opts: { category?: string; limit?: number } = {}) {
  return db.application.findMany({
    where: opts.category ? { category: opts.category } : {},
    orderBy: [{ featured_level: "desc" }, { name: "asc" }],
    take: opts.limit,
  });
}

export async function listResources(db: DbClient, opts: { type?: string } = {}) {
  return db.resource.findMany({
    where: opts.type ? { type: opts.type } : {},
    orderBy: [{ date: { sort: "desc", nulls: "last" } }, { title_es: "asc" }],
  });
}

export async function listReferentRefs(db: DbClient) {
  return db.referent.findMany({ select: { slug: true, updated_at: true }, orderBy: { name: "asc" } });
}
