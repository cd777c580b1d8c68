import { env } from "~/platform/env/env.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Spaces requests to a provider at a steady rate (1/rate apart), so a send's batches are spread over the run instead of arriving as a burst the provider refuses. A 429 halves the
 * pace and caps it a little below the rate that was refused; successes win it back slowly up to that cap.
 */
export class Pacer {
  private last = 0;
  private queue: Promise<void> = Promise.resolve();
  private rate: number;
  private ceiling: number;
  /** How many requests the provider takes within one second. */
  private readonly perSecond: number;
  /** When the latest answers came back, newest last (at most `perSecond` kept). */
  private readonly answered: number[] = [];

  /** Slots a little wider than 1/rate: network jitter must not put rate + 1 requests into one second. */
  constructor(rate: number, margin = 0.95) {
    this.rate = rate * margin;
    this.ceiling = this.rate;
    this.perSecond = Math.max(1, Math.floor(rate));
  }

  get requestsPerSecond() {
    return this.rate;
  }

  /**
   * Waits for this request's turn: callers are released one at a time, each at least 1/rate after the one
   * before by the clock at release (not by a planned slot), so timers that fire late under load never
   * release a burst.
   */
  take(): Promise<void> {
    const turn = this.queue.then(async () => {
      const wait = this.earliestRelease() - Date.now();
      if (wait > 0) await sleep(wait);
      this.last = Date.now();
    });
    this.queue = turn;
    return turn;
  }

  /**
   * Also a second after the answer to the request `perSecond` back: that request reached the provider before
   * its answer came, this one reaches it after its release, so the provider never counts more than `perSecond`
   * in one second, however late a slow request arrived (a new connection, a loaded machine).
   */
  private earliestRelease(): number {
    const spaced = this.last + 1000 / this.rate;
    const window = this.answered.length === this.perSecond ? this.answered[0]! + 1000 : 0;
    return Math.max(spaced, window);
  }

  private answer(): void {
    this.answered.push(Date.now());
    if (this.answered.length > this.perSecond) this.answered.shift();
  }

  /** The provider said 429: slow down. */
  refused(): void {
    this.answer();
    this.ceiling = Math.max(0.1, this.rate * 0.9);
    this.rate = Math.max(0.1, this.rate / 2);
  }

  /** The provider accepted: creep back towards the ceiling. */
  accepted(): void {
    this.answer();
    this.rate = Math.min(this.ceiling, this.rate * 1.02);
  }
}

let shared: Pacer | undefined;

/**
 * The process's pace to Resend (RESEND_MAX_RPS): one per process, since the provider's limit is per account,
 * not per send.
 */
export function resendPacer(): Pacer {
  shared ??= new Pacer(env.RESEND_MAX_RPS);
  return shared;
}
