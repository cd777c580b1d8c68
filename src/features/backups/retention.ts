/**
 * Which backups to keep (BACKUP_KEEP_DAILY, BACKUP_KEEP_WEEKLY): the newest of each of the last N days that
 * have one, and the newest of each of the last M ISO weeks that have one (UTC). Everything else may go.
 */
export function backupsToKeep(
  backups: { name: string; at: Date }[],
  keep: { daily: number; weekly: number },
): Set<string> {
  const newestFirst = [...backups].sort((a, b) => b.at.getTime() - a.at.getTime());
  const kept = new Set<string>();
  const pick = (bucketOf: (at: Date) => string, count: number) => {
    const seen = new Set<string>();
    for (const b of newestFirst) {
      const bucket = bucketOf(b.at);
      if (seen.has(bucket)) continue;
      if (seen.size >= count) break;
      seen.add(bucket);
      kept.add(b.name);
    }
  };
  pick((at) => at.toISOString().slice(0, 10), keep.daily);
  pick(isoWeek, keep.weekly);
  return kept;
}

function isoWeek(at: Date): string {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day);
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  return `${d.getUTCFullYear()}-W${Math.ceil(((d.getTime() - yearStart) / 86_400_000 + 1) / 7)}`;
}
