import { randomBytes } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";

/**
 * The one way tests put rows in the database: each builder fills what the schema requires with values unique
 * to the call (other files share the database), and takes what the test cares about as overrides. The `db`
 * is the test's own (the app's client, or a private database's).
 */

const unique = () => randomBytes(5).toString("hex");

type Over<T> = Partial<T>;

/** What every article needs, unique to the call. */
function articleRow<T>(over: T) {
  const id = unique();
  return {
    slug: `art-${id}`,
    title_es: `Artículo ${id}`,
    summary_es: "Resumen",
    body_es: "Cuerpo",
    date: new Date(),
    ...over,
  };
}

/** A draft article (status, dates, flags and texts as overridden). */
export function buildArticle(db: DbClient, over: Over<Prisma.ArticleUncheckedCreateInput> = {}) {
  return db.article.create({ data: articleRow(over) });
}

/** Several articles in one statement (each row as `buildArticle` fills it). */
export async function buildArticles(db: DbClient, rows: Over<Prisma.ArticleCreateManyInput>[]) {
  const data = rows.map(articleRow);
  await db.article.createMany({ data });
  return data;
}

/** An entry of an article's history, as the editor or pipeline that changed it stores it. */
export function buildArticleRevision(
  db: DbClient,
  over: Over<Prisma.ArticleRevisionUncheckedCreateInput> & { article_id: string; action: string },
) {
  return db.articleRevision.create({
    data: { actor_name: "Sistema", fields: [], confirmed_unofficial_sources: [], ...over },
  });
}

/** An account (role `user` unless overridden; the password hash is a placeholder unless given). */
export function buildUser(db: DbClient, over: Over<Prisma.UserUncheckedCreateInput> = {}) {
  const id = unique();
  return db.user.create({
    data: { username: `user_${id}`, email: `user-${id}@example.com`, passwordHash: "x", ...over },
  });
}

/** An agent (a draft article generator unless overridden). */
export function buildAgent(db: DbClient, over: Over<Prisma.AgentUncheckedCreateInput> = {}) {
  return db.agent.create({ data: { name: `Agente ${unique()}`, ...over } });
}

/** A queued run of an agent. */
export function buildAgentRun(db: DbClient, agentId: string) {
  return db.agentRun.create({ data: { agent_id: agentId } });
}

/** A confirmed, subscribed reader unless overridden. */
export function buildSubscription(db: DbClient, over: Over<Prisma.NewsletterSubscriptionUncheckedCreateInput> = {}) {
  return db.newsletterSubscription.create({
    data: {
      email: `lector-${unique()}@example.com`,
      subscribed: true,
      status: "confirmed",
      confirmed_at: new Date(),
      ...over,
    },
  });
}

/** A draft newsletter of this week unless overridden. */
export function buildNewsletter(db: DbClient, over: Over<Prisma.NewsletterUncheckedCreateInput> = {}) {
  const id = unique();
  return db.newsletter.create({
    data: { subject_es: `Boletín ${id}`, intro_es: "Intro", week_start: new Date(), ...over },
  });
}

/** Several readers in one statement: confirmed and subscribed unless a row says otherwise. */
export async function buildSubscriptions(
  db: DbClient,
  rows: (Over<Prisma.NewsletterSubscriptionCreateManyInput> & { email: string })[],
) {
  await db.newsletterSubscription.createMany({
    data: rows.map((row) => ({ subscribed: true, status: "confirmed" as const, confirmed_at: new Date(), ...row })),
  });
  return rows.map((r) => r.email);
}

/** A message of the contact form, as the form stores it. */
export function buildContactMessage(db: DbClient, over: Over<Prisma.ContactMessageUncheckedCreateInput> = {}) {
  const id = unique();
  return db.contactMessage.create({
    data: {
      name: `Ana ${id}`,
      email: `ana.${id}@example.org`,
      reason: "other",
      message: "Hola",
      privacy: true,
      ...over,
    },
  });
}

/** The job engine's record of a run (e.g. one a killed process held), and the steps it had finished. */
export async function buildJobRun(
  db: DbClient,
  run: Prisma.JobRunUncheckedCreateInput,
  steps: { step_id: string; output: Prisma.InputJsonValue }[] = [],
) {
  const row = await db.jobRun.create({ data: run });
  for (const step of steps) await db.jobStep.create({ data: { run_id: row.id, ...step } });
  return row;
}
