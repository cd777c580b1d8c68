import superjson from "superjson";
import { AppError } from "~/platform/errors.ts";
import { MAX_INPUT_DEPTH, tooDeepPath } from "~/platform/security/storable-text.ts";

/** The 400 for input nested deeper than any procedure takes (the same answer wherever the nesting is). */
export function inputTooDeep(path: string): AppError {
  const field = path || "input";
  return new AppError("BAD_REQUEST", `${field}: is nested more than ${MAX_INPUT_DEPTH} levels deep`, {
    field: path,
    reason: "inputTooDeep",
    params: { field, max: MAX_INPUT_DEPTH },
  });
}

/**
 * superjson for what clients send, minus what it cannot take: it walks the `meta` of a payload recursively,
 * so meta nested thousands of levels deep overflowed the stack, and malformed meta threw its own internals
 * ("identicalPaths.map is not a function"). Either is now the usual 400, naming no internals.
 */
export const inputTransformer = {
  serialize: (value: unknown) => superjson.serialize(value),
  deserialize: (payload: unknown) => {
    const meta = payload && typeof payload === "object" ? (payload as { meta?: unknown }).meta : undefined;
    if (meta !== undefined && tooDeepPath(meta) !== null) throw inputTooDeep("input");
    try {
      return superjson.deserialize(payload as Parameters<typeof superjson.deserialize>[0]);
    } catch {
      throw new AppError("BAD_REQUEST", "input: malformed superjson meta", { field: "input" });
    }
  },
};
