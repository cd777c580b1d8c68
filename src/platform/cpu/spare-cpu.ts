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
  /** How often a waiting caller looks again. */
  checkEveryMs: number;
  /** The longest one caller waits: background work never stops outright, it slows to a trickle. */
  maxWaitMs: number;
  /** The others' share now (othersCpuMeter().read in production). */
  othersBusy: () => number;
}

/**
 * A gate background work passes before each unit (a delivery): at once while the other processes leave spare
 * CPU, otherwise after they do, or after `maxWaitMs` at most. Answers how long the caller waited.
 */
export function spareCpuGate(options: SpareCpuGateOptions): () => Promise<number> {
  return async () => {
    const started = Date.now();
    while (options.othersBusy() > options.busyAbove && Date.now() - started < options.maxWaitMs)
      await new Promise((r) => setTimeout(r, options.checkEveryMs));
    return Date.now() - started;
  };
}
