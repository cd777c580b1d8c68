/**
 * The order of a group's queue. The group's workers take files in queue order. The files that take turns on the
 * shared server go first, all of them: each holds a worker of its own while it waits for the server and for the
 * turn before it (tests/setup/turns.ts), which costs no CPU, so the first turn starts as the server comes up and
 * each next one as the one before ends. Placed among the other files by their usual seconds, they started when
 * a worker happened to be free: up to a minute after the server was up, in gaps between turns, as files took
 * longer than usual beside the build. The group has a worker for each of them on top of the fast files' own,
 * and the fast files take those in turn, a few at a time (tests/setup/fast-slots.ts).
 */
export interface QueuedFile {
  /** Usual seconds the file holds its worker. */
  seconds: number;
  /** Whether the file takes a turn on the shared server. */
  turn: boolean;
  /** A file kept from the group's start (the build's busiest time). */
  afterBuild?: boolean;
}

/**
 * `files` with their order kept within each kind (the turn files in turn order, the others longest first): the
 * turn files first, then the others, among which each file kept from the build's busy start goes where one of
 * `workers` is first free at `buildEndsAt` seconds or later, as a run of the others on their usual seconds would
 * have it.
 */
export function placeTurns<T extends QueuedFile>(files: readonly T[], workers: number, buildEndsAt: number): T[] {
  const turns = files.filter((f) => f.turn);
  const others = files.filter((f) => !f.turn && !f.afterBuild);
  const late = files.filter((f) => f.afterBuild && !f.turn);
  const freeAt = Array.from({ length: Math.max(1, workers) }, () => 0);
  const queue: T[] = [...turns];
  let o = 0;
  let l = 0;
  // While other files are left, a late file goes only where it could start now; after them, it waits at the end.
  while (o < others.length || l < late.length) {
    const worker = freeAt.indexOf(Math.min(...freeAt));
    const now = freeAt[worker] ?? 0;
    const lateFile = late[l];
    if (lateFile && (now >= buildEndsAt || o === others.length)) {
      freeAt[worker] = Math.max(now, buildEndsAt) + lateFile.seconds;
      queue.push(lateFile);
      l += 1;
    } else {
      const other = others[o] as T;
      freeAt[worker] = now + other.seconds;
      queue.push(other);
      o += 1;
    }
  }
  return queue;
}
