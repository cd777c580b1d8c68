import { describe, expect, it } from "vitest";
import { Pacer } from "~/features/mail/pacer.ts";
import { sendEtaSeconds } from "~/features/newsletter/send/send-pace.ts";

describe("a send's ETA", () => {
  it("before the first batch: the batches left at the configured rate (RESEND_MAX_RPS, 2/s by default)", () => {
    expect(
      sendEtaSeconds({ recipient_count: 1000, sent_count: 0, send_started_at: new Date(), progress_at: null }),
    ).toBe(5);
  });
  it("once batches went out: the recipients left at the pace observed since the send started", () => {
    const start = new Date("2026-11-27T07:00:00Z");
    const progress = new Date(start.getTime() + 50_000);
    expect(
      sendEtaSeconds({ recipient_count: 1000, sent_count: 500, send_started_at: start, progress_at: progress }),
    ).toBe(50);
  });
});

describe("the pacer", () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it("releases requests no closer than 1/rate, and a 429 halves the rate", async () => {
    const pacer = new Pacer(20, 1);
    const at: number[] = [];
    // The clock at each release (the request itself may start a moment later on a busy machine).
    await Promise.all(Array.from({ length: 6 }, () => pacer.run(async (releasedAt) => at.push(releasedAt))));
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(50);
    pacer.refused();
    expect(pacer.requestsPerSecond).toBe(10);
    pacer.accepted();
    expect(pacer.requestsPerSecond).toBeLessThanOrEqual(18);
  });

  it("keeps the spacing when the machine's timers fire before the wall clock gets there", async () => {
    // Node's timers run on a monotonic clock; Date.now() can read a millisecond or two short when one fires.
    const real = globalThis.setTimeout;
    const early = ((fn: () => void, ms?: number) => real(fn, Math.max(0, (ms ?? 0) - 3))) as typeof setTimeout;
    globalThis.setTimeout = early;
    try {
      const pacer = new Pacer(20, 1);
      const at: number[] = [];
      await Promise.all(Array.from({ length: 4 }, () => pacer.run(async (releasedAt) => at.push(releasedAt))));
      for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(50);
    } finally {
      globalThis.setTimeout = real;
    }
  });

  it("never lets the provider count more than its rate in a second, even when a slow request arrived late", async () => {
    const pacer = new Pacer(2, 1);
    let firstAnswered = 0;
    let third = 0;
    // In flight together; the first is slow (a new connection): it may reach the provider just before its answer.
    await Promise.all([
      pacer.run(async () => {
        await sleep(400);
        firstAnswered = Date.now();
      }),
      pacer.run(async () => {}),
      pacer.run(async () => {
        third = Date.now();
      }),
    ]);
    // Two requests a second: the third goes at least a second after the first could have arrived.
    expect(third - firstAnswered).toBeGreaterThanOrEqual(995);
  });

  it("frees the window when a request fails, so a provider error never stalls the sends behind it", async () => {
    const pacer = new Pacer(1, 1);
    await expect(pacer.run(async () => Promise.reject(new Error("network down")))).rejects.toThrow("network down");
    const started = Date.now();
    await pacer.run(async () => {});
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
