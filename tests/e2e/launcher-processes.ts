import { spawnSync } from "node:child_process";
import type pg from "pg";

/**
 * The launcher's own processes beside the server (the newsletter send's, the fediverse's), found by the script
 * in their command line among the server's process group, with their nice value.
 */
export function launcherProcesses(group: number | undefined, script: string): { pid: number; nice: number }[] {
  if (!group) return [];
  const out = spawnSync("ps", ["-o", "pid=,ni=,args=", "-g", String(group)], { encoding: "utf8" }).stdout;
  return out
    .split("\n")
    .filter((line) => line.includes(script))
    .map((line) => line.trim().split(/\s+/))
    .map(([pid, nice]) => ({ pid: Number(pid), nice: Number(nice) }));
}

/**
 * The processes that ran attempts of a job whose payload has `key` = `value`, by the pid in their worker id
 * (host:pid:nonce).
 */
export async function attemptPids(sql: pg.Client, job: string, key: string, value: string): Promise<number[]> {
  const rows = await sql.query<{ worker_id: string }>(
    `SELECT DISTINCT a.worker_id FROM job_attempts a JOIN pgboss.job j ON j.id = a.run_id
      WHERE j.name = $1 AND j.data ->> $2 = $3`,
    [job, key, value],
  );
  return rows.rows.map((r) => Number(r.worker_id.split(":")[1]));
}
