/** A safe fetcher for official sources: allow-listed hosts, public addresses only, capped, polite. */

export { createSourceFetcher } from "./fetcher.ts";
export { sourceFetcherSettings } from "./settings.ts";
export type {
  FetchedSource,
  FetchFailure,
  FetchOutcome,
  FetchRefusal,
  PreviousFetch,
  SourceFetcher,
  SourceFetcherOptions,
} from "./types.ts";
