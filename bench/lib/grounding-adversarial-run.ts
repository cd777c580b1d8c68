/**
 * Runs the adversarial corpus through verifyDraft: recall per kind (a case counts as caught only when the report
 * is not "verified" and a finding of the expected check, language and field shows) and false flags on the
 * faithful drafts. Prints a markdown table.
 */
import { verifyDraft } from "~/features/grounding/verification/verify.ts";
import type { AdvCase } from "./adversarial-drafts.ts";
import { buildAdversarial } from "./grounding-adversarial.ts";

export function caughtAsExpected(c: AdvCase, verbose = false): boolean {
  const report = verifyDraft({ drafts: c.drafts, sources: c.sources });
  const e = c.expect;
  if (!e) return report.findings.length > 0;
  const caught =
    report.status !== "verified" &&
    report.findings.some(
      (f) =>
        e.checks.includes(f.check) &&
        (!e.lang || f.lang === e.lang) &&
        (!e.field || (f.field ?? "body") === e.field) &&
        (!e.detail || e.detail.test(f.detail)),
    );
  if (!caught && verbose)
    console.log(
      `  missed ${c.name}: ${report.status} ${report.findings.map((f) => `${f.lang}/${f.field ?? "body"}/${f.check}`).join(",")}`,
    );
  return caught;
}

export function runAdversarial(verbose = true) {
  const { faithful, attacks } = buildAdversarial();
  const byKind = new Map<string, { cases: number; caught: number }>();
  for (const c of attacks) {
    const row = byKind.get(c.kind ?? "") ?? { cases: 0, caught: 0 };
    row.cases++;
    row.caught += caughtAsExpected(c, verbose) ? 1 : 0;
    byKind.set(c.kind ?? "", row);
  }
  let flagged = 0;
  for (const c of faithful) {
    const report = verifyDraft({ drafts: c.drafts, sources: c.sources });
    if (report.findings.length) {
      flagged++;
      if (verbose)
        for (const f of report.findings)
          console.log(`  false flag ${c.name} [${f.lang}/${f.field ?? "body"}] ${f.check}: ${f.claim} — ${f.sentence}`);
    }
  }
  const total = attacks.length;
  const caught = [...byKind.values()].reduce((s, r) => s + r.caught, 0);
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;
  console.log(
    `\nAdversarial corpus: ${total} attacks in ${byKind.size} kinds, ${faithful.length} faithful drafts (es + en, title and summary included)`,
  );
  console.log("\n| kind | cases | caught | recall |\n|---|---|---|---|");
  for (const [kind, r] of byKind) console.log(`| ${kind} | ${r.cases} | ${r.caught} | ${pct(r.caught, r.cases)} |`);
  console.log(`| **all** | **${total}** | **${caught}** | **${pct(caught, total)}** |`);
  console.log(
    `\nFaithful adversarial-corpus drafts flagged: ${flagged} of ${faithful.length} (${pct(flagged, faithful.length)})`,
  );
  return { total, caught, byKind, flagged, faithful: faithful.length };
}
