export { splitSentences } from "./sentences.ts";
export type {
  CheckKind,
  ClaimResult,
  DraftForCheck,
  Finding,
  SourceForCheck,
  SourceResult,
  TiedSentence,
  VerificationReport,
  VerificationStatus,
} from "./types.ts";
export { verifyDraft } from "./verify.ts";
