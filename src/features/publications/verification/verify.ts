import type { DraftForCheck, SourceForCheck, VerificationReport } from "./types.ts";

export function verifyDraft(_input: {
  drafts: DraftForCheck[];
  sources: SourceForCheck[];
  now?: Date;
}): VerificationReport {
  throw new Error("not implemented yet");
}
