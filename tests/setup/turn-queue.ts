/**
 * Where the files that take turns on the shared server go in their group's queue. The group's workers take
 * files in queue order, and a turn file that a worker takes before the file ahead of it has ended holds that
 * worker idle until then (tests/setup/turns.ts). Placed together at the end, they ran after every other file
 * of the group, one at a time on a machine with a core to spare; placed together at the start, they would hold
 * the workers while the build is made. So the queue is the order of a run of the group played out on the files'
 * usual seconds: whenever a worker is free, it takes the next turn file if the shared server is up and the turn
 * before has ended, else the next other file.
 */
export interface QueuedFile {
  /** Usual seconds the file holds its worker. */
  seconds: number;
  /** Whether the file takes a turn on the shared server. */
  turn: boolean;
  /** A file kept from the group's start (the build's busiest time) but with no turn to wait for. */
  afterBuild?: boolean;
}

/**
 * `files` with their order kept within each kind (the others longest first, the turn files in turn order), the
 * turn files placed where a run would start them: none before `serverAt` seconds (when the shared server is
 * usually up), and each after the one before it has ended; the files kept from the build's busy start where a
 * worker is first free at `serverAt` or later.
 */
export function placeTurns<T extends QueuedFile>(files: readonly T[], workers: number, serverAt: number): T[] {
  const others = files.filter((f) => !f.turn && !f.afterBuild);
  const late = files.filter((f) => f.afterBuild && !f.turn);
  const turns = files.filter((f) => f.turn);
  if (turns.length + late.length === 0 || others.length === 0) return [...others, ...turns, ...late];
  const freeAt = Array.from({ length: Math.max(1, workers) }, () => 0);
  let turnFreeAt = serverAt;
  const queue: T[] = [];
  let o = 0;
  let t = 0;
  let l = 0;
  while (o < others.length || t < turns.length || l < late.length) {
    const worker = freeAt.indexOf(Math.min(...freeAt));
    const now = freeAt[worker] ?? 0;
    const turn = turns[t];
    const lateFile = late[l];
    // When each could start on this worker; while other files are left, only what can start now goes before them.
    const turnAt = turn ? Math.max(now, turnFreeAt) : Number.POSITIVE_INFINITY;
    const lateAt = lateFile ? Math.max(now, serverAt) : Number.POSITIVE_INFINITY;
    const latest = o < others.length ? now : Math.min(turnAt, lateAt);
    if (turn && turnAt <= latest) {
      turnFreeAt = turnAt + turn.seconds;
      freeAt[worker] = turnFreeAt;
      queue.push(turn);
      t += 1;
    } else if (lateFile && lateAt <= latest) {
      freeAt[worker] = lateAt + lateFile.seconds;
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
