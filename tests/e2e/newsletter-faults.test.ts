import { describe, expect, it } from "vitest";
import { buildNewsletter } from "../support/builders.ts";
import { until } from "../support/until.ts";
import { FAULTS_ADMIN as ADMIN, faultsSite, killAt } from "./newsletter-faults-site.ts";
import { signIn } from "./rest-contract/client.ts";

/**
 * Fault injection of the newsletter send: the production server kills its own process group (SIGKILL, as an
 * OOM kill would) at each point of the send request and of the send job, then starts again on the same
 * database. Whatever the point, every subscriber gets exactly one e-mail at the fake Resend, nobody is missing,
 * and no newsletter is left `sending` without a live job behind it (tests/e2e/newsletter-faults-site.ts).
 * The points are chained on one data folder: the server that recovers one point's send is already armed for
 * the next point, in the next newsletter's send only, so each point costs one start, not two.
 */
const POINTS = [
  { point: "before-claim", after: 1 },
  { point: "after-claim", after: 1 },
  { point: "after-enqueue", after: 1 },
  { point: "between-batches", after: 1 },
  { point: "after-batch-accepted", after: 3 },
] as const;

const site = faultsSite("newsletter-faults");
const { one, stuckSends, recordMatrixRow, resend } = site;

/** The running server kills at this point of this newsletter's send (null: a server armed for nothing, or none). */
let armed: { point: string; id: string } | null = null;

/** Starts the server, armed for point `k` in a new newsletter's send (none past the last point). */
async function startArmedFor(k: number) {
  const next = POINTS[k];
  if (!next) {
    await site.server.start();
    armed = null;
    return;
  }
  const { id } = await buildNewsletter(site.db, {
    subject_es: "Top 5 con fallo",
    intro_es: "Intro",
    items: [{ kind: "article", slug: "x", title_es: "X", title_en: null, summary_es: "Y", summary_en: null }],
  });
  await site.server.start(killAt(next.point, next.after, id));
  armed = { point: next.point, id };
}

describe("a newsletter send survives a kill at every point", () => {
  it.each(POINTS.map((p, k) => ({ ...p, k })))(
    "killed at $point: each subscriber gets exactly one e-mail, and nothing stays sending without a job",
    async ({ point, k }) => {
      // The point before armed this one; after a failure there, start afresh.
      if (armed?.point !== point) {
        await site.server.stop();
        await startArmedFor(k);
      }
      const { id } = armed!;
      resend.reset();
      const admin = await signIn(site.server.baseUrl, ADMIN.email, ADMIN.password);
      // The request may die with the server (a network error) or answer first (the job's own kill points).
      await admin.call("POST", `/api/admin/newsletters/${id}/send`).catch(() => null);
      expect(await site.server.exitedWithin(90_000), `the server to kill itself at ${point}`).toBe(true);
      armed = null;

      await startArmedFor(k + 1);
      const stuckAfterKill = await stuckSends();
      expect(stuckAfterKill, "a newsletter left sending without a job").toBe(0);
      const status = (
        await one<{ status: string }>(`SELECT status::text AS status FROM newsletters WHERE id = $1`, [id])
      ).status;
      if (status !== "sending" && status !== "sent") {
        // Killed before the claim committed: nothing happened, and the editor sends again.
        expect(status).toBe("draft");
        const again = await (await signIn(site.server.baseUrl, ADMIN.email, ADMIN.password)).call(
          "POST",
          `/api/admin/newsletters/${id}/send`,
        );
        expect(again.status).toBeLessThan(300);
      }
      await until(
        "the newsletter to be sent",
        async () =>
          (await one<{ status: string }>(`SELECT status FROM newsletters WHERE id = $1`, [id])).status === "sent",
        { timeoutMs: 120_000 },
      );

      const emails = await recordMatrixRow(point, stuckAfterKill);
      const row = await one<{ sent_count: number; recipient_count: number }>(
        `SELECT sent_count, recipient_count FROM newsletters WHERE id = $1`,
        [id],
      );
      expect(row.sent_count).toBe(emails);
    },
    300_000,
  );
});
