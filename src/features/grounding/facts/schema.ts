import { z } from "zod";
import type { FigureKind, SourceFacts, SpeakerHow } from "./types.ts";

/**
 * The one shape of a source's facts: what a snapshot's `facts` column is read with (stored JSON is checked,
 * never trusted) and what the API returns. The checks at the bottom keep it equal to types.ts.
 */
const speakerHows = [
  "verb_after",
  "verb_before",
  "attribution_line",
  "label",
  "carried",
  "previous_line",
  "unknown",
] as const satisfies readonly SpeakerHow[];

const figureKinds = [
  "count",
  "amount",
  "percent",
  "percentage_points",
  "relative_change",
  "date",
  "month",
  "day",
  "year",
  "article",
  "range",
  "duration",
] as const satisfies readonly FigureKind[];

export const speakerHowSchema = z.enum(speakerHows);
export const figureKindSchema = z.enum(figureKinds);

export const quoteFactSchema = z.object({
  text: z.string(),
  speaker: z.object({ name: z.string().nullable(), role: z.string().nullable() }).nullable(),
  how: speakerHowSchema,
  line: z.number().int(),
});

export const figureFactSchema = z.object({
  raw: z.string(),
  kind: figureKindSchema,
  key: z.string(),
  also: z.array(z.string()).optional(),
  line: z.number().int(),
});

export const sourceFactsSchema = z.object({
  version: z.number().int(),
  quotes: z.array(quoteFactSchema),
  figures: z.array(figureFactSchema),
});

// Compile-time: a field or a value added to types.ts and not here (or the reverse) fails the type check, so
// parsing never drops what the extractor stores.
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
true satisfies Equal<z.infer<typeof sourceFactsSchema>, SourceFacts>;
true satisfies Equal<(typeof speakerHows)[number], SpeakerHow>;
true satisfies Equal<(typeof figureKinds)[number], FigureKind>;
