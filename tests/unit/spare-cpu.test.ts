import { describe, expect, it } from "vitest";
import { othersCpuMeter, spareCpuGate } from "~/platform/cpu/spare-cpu.ts";

/** The gate background deliveries pass: at once with spare CPU, after the others calm down, never stuck. */
describe("the spare-CPU gate", () => {
  const gate = (readings: number[]) => {
    let i = 0;
    return spareCpuGate({
      busyAbove: 0.5,
      checkEveryMs: 10,
      maxWaitMs: 200,
      othersBusy: () => readings[Math.min(i++, readings.length - 1)] ?? 0,
    });
  };

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
});

describe("the others' CPU meter", () => {
  it("does not count this process's own work as the others'", async () => {
    const meter = othersCpuMeter(100);
    // Busy in slices of 20 ms, so the meter's timer still samples in between.
    for (const end = Date.now() + 600; Date.now() < end; ) {
      for (const slice = Date.now() + 20; Date.now() < slice; ) Math.sqrt(Math.random());
      await new Promise((r) => setImmediate(r));
    }
    const [others, machine] = [meter.read(), meter.machine()];
    meter.stop();
    // This process kept a core busy for the last samples: the machine's busy share holds it, the others' does not.
    expect(machine - others).toBeGreaterThan(0.1);
    expect(others).toBeGreaterThanOrEqual(0);
  });
});
