import { env } from "~/platform/env/env.js";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until the wall clock reaches `at`: a timer may fire a millisecond before Date.now() gets there. */
async function sleepUntil(at: number): Promise<void> {
  for (let left = at - Date.now(); left > 0; left = at - Date.now()) await sleep(left);
}
const ANSWER_WAIT_MS = 60_000;
/** A wait that never keeps the process alive by itself (it only bounds another wait). */
const bound = (ms: number) =>
  new Promise<number>((r) => {
    setTimeout(() => r(Date.now()), ms).unref?.();
  });

/** One request let through: it is answered once, whatever the outcome. */
interface Turn {
  answeredAt: Promise<number>;
  answer: () => void;
}

function newTurn(): Turn {
  let answer = () => {};
  const answeredAt = new Promise<number>((resolve) => {
    answer = () => resolve(Date.now());
  });
  return { answeredAt, answer };
}

/**
 * Spaces requests to a provider at a steady rate (1/rate apart), so a send's batches are spread over the run
 * instead of arriving as a burst the provider refuses. A 429 halves the pace and caps it a little below the rate
 * that was refused; successes win it back slowly up to that cap.
 */
export class Pacer {
  private last = 0;
  private queue: Promise<unknown> = Promise.resolve();
  private rate: number;
  private ceiling: number;
  /** How many requests the provider takes within one second. */
  private readonly perSecond: number;
  /** The latest turns let through, oldest first (at most `perSecond` kept). */
  private readonly recent: Turn[] = [];

  /**
   * Slots a little wider than 1/rate for clock drift; late arrivals are the window's job (`run`), so the
   * margin can stay small and the send keeps close to the rate it may use.
   */
  constructor(rate: number, margin = 0.98) {
    this.rate = rate * margin;
    this.ceiling = this.rate;
    this.perSecond = Math.max(1, Math.floor(rate));
  }

  get requestsPerSecond() {
    return this.rate;
  }

  /**
   * Sends one request in its turn. Callers are let through one at a time, each at least 1/rate after the one
   * before by the clock at release (timers that fire late under load never release a burst), and at least a
   * second after the answer to the request `perSecond` turns back: that request reached the provider before
   * its answer came, this one reaches it after its release, so the provider never counts more than
   * `perSecond` in one second, however late a slow request arrived (a new connection, a loaded machine) and
   * however many requests are in flight. `request` gets the clock at its release.
   */
  async run<T>(request: (releasedAt: number) => Promise<T>): Promise<T> {
    const turn = newTurn();
    const released = this.queue.then(async () => {
      if (this.recent.length === this.perSecond) {
        // A request that never answers holds the window at most this long, never the whole process's sending.
        const answered = await Promise.race([this.recent[0]!.answeredAt, bound(ANSWER_WAIT_MS)]);
        await sleepUntil(answered + 1000);
      }
      await sleepUntil(this.last + 1000 / this.rate);
      this.last = Date.now();
      this.recent.push(turn);
      if (this.recent.length > this.perSecond) this.recent.shift();
      return this.last;
    });
    this.queue = released;
    const releasedAt = await released;
    try {
      return await request(releasedAt);
    } finally {
      turn.answer();
    }
  }

  /** The provider said 429: slow down. */
  refused(): void {
    this.ceiling = Math.max(0.1, this.rate * 0.9);
    this.rate = Math.max(0.1, this.rate / 2);
  }

  /** The provider accepted: creep back towards the ceiling. */
  accepted(): void {
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
