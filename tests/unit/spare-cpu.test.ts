import os from "node:os";
import { describe, expect, it } from "vitest";
import { othersCpuMeter, spareCpuGate } from "~/platform/cpu/spare-cpu.ts";

/** The gate background deliveries pass: at once with spare CPU, after the others calm down, never stuck. */
describe("the spare-CPU gate", () => {
  /** A gate at 0.5 whose meter reads `readings` one after another (the last one from then on). */
  const gate = (
    readings: number[],
    options: { trickleEveryMs?: number; checkEveryMs?: number; maxWaitMs?: number } = {},
  ) => {
    let i = 0;
    return gateOn(() => readings[Math.min(i++, readings.length - 1)] ?? 0, options);
  };
  const gateOn = (
    othersBusy: () => number,
    options: { trickleEveryMs?: number; checkEveryMs?: number; maxWaitMs?: number },
  ) => spareCpuGate({ busyAbove: 0.5, checkEveryMs: 10, maxWaitMs: 200, trickleEveryMs: 0, ...options, othersBusy });

  it("lets work through at once while the other processes leave spare CPU", async () => {
    expect(await gate([0.2])()).toBeLessThan(10);
  });

  it("holds work while the others are busy, and lets it through once they are not", async () => {
    const waited = await gate([0.9, 0.8, 0.7, 0.3])();
    expect(waited).toBeGreaterThanOrEqual(25);
    expect(waited).toBeLessThan(200);
  });

  it("lets work through after the longest wait however busy the others stay", async () => {
    const waited = await gate([1])();
    expect(waited).toBeGreaterThanOrEqual(195);
    expect(waited).toBeLessThan(1000);
  });

  it("looks at the meter once per check for all the held work, not once per held unit", async () => {
    let looks = 0;
    const pass = gateOn(
      () => {
        looks += 1;
        return 1;
      },
      { checkEveryMs: 20, maxWaitMs: 300 },
    );
    await Promise.all(Array.from({ length: 16 }, () => pass()));
    // ~15 checks in 300 ms, and one look per arrival; a timer per held unit would look ~16 × 15 times.
    expect(looks).toBeLessThan(60);
  });

  it("while the others stay busy, lets held work through one unit at a time, trickleEveryMs apart", async () => {
    const pass = gate([1], { trickleEveryMs: 50 });
    const started = Date.now();
    const through: number[] = [];
    await Promise.all(Array.from({ length: 4 }, () => pass().then(() => through.push(Date.now() - started))));
    through.sort((a, b) => a - b);
    expect(through[0]).toBeGreaterThanOrEqual(195);
    // Not all four together once the longest wait is over: each one ~50 ms after the one before.
    for (let k = 1; k < through.length; k++)
      expect((through[k] ?? 0) - (through[k - 1] ?? 0)).toBeGreaterThanOrEqual(40);
  });

  it("lets every held unit through together once the others leave spare CPU", async () => {
    let busy = 1;
    const pass = gateOn(() => busy, { maxWaitMs: 10_000 });
    const held = Array.from({ length: 5 }, () => pass());
    setTimeout(() => {
      busy = 0.1;
    }, 60);
    const waited = await Promise.all(held);
    for (const w of waited) {
      expect(w).toBeGreaterThanOrEqual(55);
      expect(w).toBeLessThan(1000);
    }
  });
});

describe("the others' CPU meter", () => {
  it("does not count this process's own work as the others'", async () => {
    const meter = othersCpuMeter(100);
    const cores = Math.max(1, os.cpus().length);
    const [startedAt, startCpu] = [performance.now(), process.cpuUsage()];
    // The most of the machine's busy share the meter left out of the others', over its samples.
    let leftOut = 0;
    // Busy in slices of 20 ms, so the meter's timer still samples in between.
    for (const end = Date.now() + 600; Date.now() < end; ) {
      for (const slice = Date.now() + 20; Date.now() < slice; ) Math.sqrt(Math.random());
      await new Promise((r) => setImmediate(r));
      leftOut = Math.max(leftOut, meter.machine() - meter.read());
      expect(meter.read()).toBeGreaterThanOrEqual(0);
    }
    meter.stop();
    // The share of the machine this process had, by its own count: on an idle machine half of two cores, on a
    // loaded one what the scheduler gave it. The meter must leave out at least half of that (its samples are
    // 100 ms, the process's share varies between them), and all of 0.1 once the process had more than 0.2.
    const cpu = process.cpuUsage(startCpu);
    const own = (cpu.user + cpu.system) / 1000 / ((performance.now() - startedAt) * cores);
    expect(own).toBeGreaterThan(0.01);
    expect(leftOut).toBeGreaterThan(Math.min(0.1, own / 2));
  });
});
