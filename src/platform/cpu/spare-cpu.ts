import os from "node:os";

/**
 * How much of the machine's CPU the other processes used over the last sample (0–1 of all cores): the whole
 * machine's busy time from os.cpus(), less this process's own (process.cpuUsage). A process that works in the
 * background (the fediverse's deliveries) reads it to leave the cores to the server while pages are busy.
 */
export function othersCpuMeter(sampleMs = 250): { read(): number; machine(): number; stop(): void } {
  const machine = () =>
    os.cpus().reduce(
      (t, c) => {
        const busy = c.times.user + c.times.nice + c.times.sys + c.times.irq;
        return { busy: t.busy + busy, total: t.total + busy + c.times.idle };
      },
      { busy: 0, total: 0 },
    );
  const cores = Math.max(1, os.cpus().length);
  let last = { at: performance.now(), machine: machine(), self: process.cpuUsage() };
  let others = 0;
  let machineShare = 0;
  const timer = setInterval(() => {
    const now = { at: performance.now(), machine: machine(), self: process.cpuUsage() };
    const total = now.machine.total - last.machine.total;
    const elapsedMs = now.at - last.at;
    if (total > 0 && elapsedMs > 0) {
      const machineBusy = (now.machine.busy - last.machine.busy) / total;
      const selfMs = (now.self.user - last.self.user + now.self.system - last.self.system) / 1000;
      machineShare = machineBusy;
      others = Math.min(1, Math.max(0, machineBusy - selfMs / (elapsedMs * cores)));
    }
    last = now;
  }, sampleMs);
  timer.unref();
  return { read: () => others, machine: () => machineShare, stop: () => clearInterval(timer) };
}

export interface SpareCpuGateOptions {
  /** The others' share of the machine above which background work waits (0–1). */
  busyAbove: number;
  /** How often the gate looks at the others' share while work waits (one look for all the waiting work). */
  checkEveryMs: number;
  /** How long the oldest waiting unit waits before it goes through however busy the others stay. */
  maxWaitMs: number;
  /**
   * While the others stay busy, the units past `maxWaitMs` go through one at a time, this far apart: background
   * work never stops outright, it slows to a steady trickle rather than a burst of every held unit at once.
   */
  trickleEveryMs: number;
  /** The others' share now (othersCpuMeter().read in production). */
  othersBusy: () => number;
}

/**
 * A gate background work passes before each unit (a delivery): at once while the other processes leave spare
 * CPU, otherwise after they do, or, while they stay busy, one overdue unit every `trickleEveryMs`. The waiting
 * units share one timer: a held fan-out of many units costs the busy machine one wake-up per check, not one per
 * unit. Answers how long the caller waited.
 */
export function spareCpuGate(options: SpareCpuGateOptions): () => Promise<number> {
  const waiting: { started: number; release: (waitedMs: number) => void }[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  let lastTrickle = 0;
  const releaseFirst = (count: number) => {
    const now = Date.now();
    for (const unit of waiting.splice(0, count)) unit.release(now - unit.started);
    if (waiting.length === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
  const check = () => {
    if (options.othersBusy() <= options.busyAbove) return releaseFirst(waiting.length);
    const now = Date.now();
    const oldest = waiting[0];
    if (oldest && now - oldest.started >= options.maxWaitMs && now - lastTrickle >= options.trickleEveryMs) {
      lastTrickle = now;
      releaseFirst(1);
    }
  };
  return () => {
    if (waiting.length === 0 && options.othersBusy() <= options.busyAbove) return Promise.resolve(0);
    return new Promise<number>((release) => {
      waiting.push({ started: Date.now(), release });
      timer ??= setInterval(check, options.checkEveryMs);
    });
  };
}
