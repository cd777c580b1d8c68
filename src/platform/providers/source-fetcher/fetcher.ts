import type { SourceFetcher, SourceFetcherOptions } from "./types.ts";

export function createSourceFetcher(_options: SourceFetcherOptions): SourceFetcher {
  throw new Error("not implemented yet");
}
