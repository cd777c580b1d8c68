import type { FetchRefusal } from "./types.ts";

/** A refusal or failure inside the fetcher, turned into one FetchFailure at its edge. */
export class FetchError extends Error {
  constructor(
    readonly reason: FetchRefusal,
    readonly detail: string,
    readonly status: number | null = null,
  ) {
    super(detail);
  }
}
