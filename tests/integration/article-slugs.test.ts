import { PrismaPg } from "@prisma/adapter-pg";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { saveRunArticle } from "~/features/agents/save-article.ts";
import { PrismaClient } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { db } from "~/platform/db/db.ts";
import { env } from "~/platform/env/env.js";
import { databaseUrl } from "~/platform/env/live.ts";
import { slugSchema } from "~/platform/http/common-schemas.ts";
import { buildAgent, buildAgentRun } from "../support/builders.ts";
import { draftOf, OK_SOURCE_CHECK, runPlanOf } from "../support/run-plan.ts";

/**
 * A client of the same database that hands its error log to the test instead of printing it: a save that
 * makes Prisma log an error (a unique violation it printed as `prisma:error`) shows up in `errors`.
 */
function loggingClient() {
  const adapter = new PrismaPg({ connectionString: env.DATABASE_URL ?? databaseUrl() });
  const client = new PrismaClient({ adapter, log: [{ emit: "event", level: "error" }] });
  const errors: string[] = [];
  client.$on("error", (e) => void errors.push(e.message));
  return { client: client as unknown as DbClient, errors, close: () => client.$disconnect() };
}

async function saveTwice(title: string, agentId: string, client: DbClient = db) {
  const slugs: string[] = [];
  for (let i = 0; i < 3; i++) {
    const run = await buildAgentRun(db, agentId);
    const saved = await saveRunArticle(
      client,
      runPlanOf(run.id, agentId, { agentName: "Slugs" }),
      draftOf(title),
      draftOf(title),
      OK_SOURCE_CHECK,
      null,
    );
    slugs.push(saved.slug);
  }
  return slugs;
}

describe("slugs of saved agent articles", () => {
  it("every save of any title, repeated, gets a distinct slug the site's slug rule accepts", async () => {
    const agent = await buildAgent(db);
    const word = fc.constantFrom("IA", "Comisión", "riesgos", "año", "—", "-", "¿", "!", "«»", "🤖", "2025", "über");
    const title = fc
      .tuple(
        fc.array(word, { minLength: 1, maxLength: 30, size: "max" }),
        fc.string({ maxLength: 8 }),
        fc.nat({ max: 80 }),
      )
      .map(([words, noise, pad]) => `${"a".repeat(pad)} ${words.join(" ")} ${noise}`);
    await fc.assert(
      fc.asyncProperty(title, async (t) => {
        const unique = Math.random().toString(36).slice(2, 8);
        const slugs = await saveTwice(`${t} ${unique}`, agent.id);
        expect(new Set(slugs).size).toBe(3);
        for (const slug of slugs) expect(slugSchema.safeParse(slug).success, slug).toBe(true);
      }),
      { numRuns: 8 },
    );
  });

  it("a taken slug is expected: the next slug is used and nothing is logged", async () => {
    const agent = await buildAgent(db);
    const title = `${"a".repeat(69)} b palabra repetida ${Math.random().toString(36).slice(2, 8)}`;
    const logging = loggingClient();
    try {
      const slugs = await saveTwice(title, agent.id, logging.client);
      expect(new Set(slugs).size).toBe(3);
      expect(slugs.every((slug) => slugSchema.safeParse(slug).success)).toBe(true);
      expect(logging.errors).toEqual([]);
    } finally {
      await logging.close();
    }
  });
});
