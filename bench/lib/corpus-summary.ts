/**
 * Reads the summary the grounding corpus's driver (run.mjs in the corpus folder) prints at its end, and judges
 * it for the gate (bench/grounding-corpus.ts). The line formats are run.mjs's own ("What it reports" in the
 * corpus README); a summary that does not parse means the run could not be judged.
 */
export interface CorpusSummary {
  fabrications: number;
  caught: number;
  /** Fabrications caught with a finding of the expected kind (what the corpus scores). */
  kinded: number;
  faithful: number;
  flagged: number;
  flaggedDetail: string;
  leak: boolean;
  publishDetail: string;
  passed: number;
  failed: number;
  skipped: number;
  /** Ids of the cases printed as FAIL, in run order. */
  failedIds: string[];
  ambiguous: string;
}

export function parseSummary(output: string): CorpusSummary | null {
  const recall =
    /^recall: (\d+)\/(\d+) fabrications caught .*?; (\d+)\/(\d+) with a finding of the expected kind/m.exec(output);
  const flags = /^false flags: (\d+)\/(\d+) faithful drafts not verified(?: \((.*)\))?$/m.exec(output);
  const publish = /^auto_publish published only verified drafts: (yes|NO) \((.*)\)$/m.exec(output);
  const counts = /^(\d+) passed, (\d+) failed, (\d+) skipped$/m.exec(output);
  if (!recall || !flags || !publish || !counts) return null;
  return {
    caught: Number(recall[1]),
    fabrications: Number(recall[2]),
    kinded: Number(recall[3]),
    flagged: Number(flags[1]),
    faithful: Number(flags[2]),
    flaggedDetail: flags[3] ?? "",
    leak: publish[1] !== "yes",
    publishDetail: publish[2] ?? "",
    passed: Number(counts[1]),
    failed: Number(counts[2]),
    skipped: Number(counts[3]),
    failedIds: [...output.matchAll(/^FAIL (\S+) /gm)].map((m) => m[1] ?? "?"),
    ambiguous: /^ambiguous \(not scored\): (.*)$/m.exec(output)?.[1] ?? "",
  };
}

/** Why the gate fails (empty: it passes). Every scored case counts: recall is judged with the expected kind. */
export function gateFailures(s: CorpusSummary, driverExit: number | null): string[] {
  const reasons: string[] = [];
  if (s.kinded < s.fabrications) reasons.push(`recall with the expected kind ${s.kinded}/${s.fabrications}`);
  if (s.flagged > 0) reasons.push(`${s.flagged} false flag${s.flagged === 1 ? "" : "s"}`);
  if (s.leak) reasons.push("auto_publish published a draft that was not verified");
  if (s.failed > 0) reasons.push(`${s.failed} case${s.failed === 1 ? "" : "s"} FAIL`);
  if (driverExit !== 0) reasons.push(`the driver exited ${driverExit}`);
  return reasons;
}

/** The one block the gate prints at its end. */
export function summaryBlock(s: CorpusSummary, lines: { gate: string; context: string[] }): string {
  const pct = (a: number, b: number) => (b ? ` (${Math.round((100 * a) / b)} %)` : "");
  return [
    "",
    "══════════ grounding corpus: summary ══════════",
    `cases:         ${s.passed} passed, ${s.failed} failed, ${s.skipped} skipped (ambiguous, not scored)`,
    `recall:        ${s.kinded}/${s.fabrications} with the expected kind${pct(s.kinded, s.fabrications)}; ${s.caught}/${s.fabrications} caught at all`,
    `false flags:   ${s.flagged}/${s.faithful}${s.flaggedDetail ? ` — ${s.flaggedDetail}` : ""}`,
    `auto_publish:  ${s.leak ? "LEAK" : "no leak"} — ${s.publishDetail}`,
    `failed cases:  ${s.failedIds.length ? s.failedIds.join(", ") : "none"}`,
    ...(s.ambiguous ? [`ambiguous:     ${s.ambiguous}`] : []),
    ...lines.context,
    `gate:          ${lines.gate}`,
    "═══════════════════════════════════════════════",
  ].join("\n");
}
