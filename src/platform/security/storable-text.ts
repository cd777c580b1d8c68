/** Deeper input than any procedure takes is refused before anything walks it. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Walks input without recursion (a request nested thousands of levels deep must not overflow the stack),
 * calling `visit` for every string, number and object key with its path (an object itself is visited as "");
 * stops at the first non-null answer.
 */
function walk<T>(value: unknown, visit: (leaf: string | number, path: string[], depth: number) => T | null): T | null {
  const stack: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (stack.length) {
    const item = stack.pop() as { value: unknown; path: string[] };
    const depth = item.path.length;
    if (typeof item.value === "string" || typeof item.value === "number") {
      const found = visit(item.value, item.path, depth);
      if (found !== null) return found;
    } else if (item.value && typeof item.value === "object") {
      const found = visit("", item.path, depth + 1);
      if (found !== null) return found;
      const entries = Array.isArray(item.value)
        ? item.value.map((v, i) => [String(i), v] as const)
        : Object.entries(item.value);
      // Pushed in reverse so the first entry is looked at first.
      for (let k = entries.length - 1; k >= 0; k--) {
        const [key, child] = entries[k] as readonly [string, unknown];
        // A key is text that gets stored too (a record's keys): visited as a string at its own path.
        if (!Array.isArray(item.value)) stack.push({ value: key, path: [...item.path, key] });
        stack.push({ value: child, path: [...item.path, key] });
      }
    }
  }
  return null;
}

/**
 * PostgreSQL text cannot hold U+0000: a string carrying it would pass validation and then fail the insert
 * with a 500. Returns the dotted path of the first string (or object key) that contains one, or null.
 */
export function nulCharacterPath(value: unknown): string | null {
  return walk(value, (leaf, path) => (typeof leaf === "string" && leaf.includes("\u0000") ? path.join(".") : null));
}

/** Half of a UTF-16 surrogate pair with no other half next to it. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A lone surrogate has no UTF-8 form: into a text column it would be stored as U+FFFD unnoticed, and into a
 * JSON column PostgreSQL refuses it (a 500). Returns the dotted path of the first string (or key) with one.
 */
export function unpairedSurrogatePath(value: unknown): string | null {
  return walk(value, (leaf, path) =>
    typeof leaf === "string" && UNPAIRED_SURROGATE.test(leaf) ? path.join(".") : null,
  );
}

/**
 * JSON has no Infinity or NaN, yet `1e309` parses to Infinity, and a schema that coerces or defaults would
 * turn it into some other number unnoticed. Returns the dotted path of the first number that is not finite.
 */
export function nonFiniteNumberPath(value: unknown): string | null {
  return walk(value, (leaf, path) => (typeof leaf === "number" && !Number.isFinite(leaf) ? path.join(".") : null));
}

/** The dotted path where input first goes deeper than MAX_INPUT_DEPTH, or null. */
export function tooDeepPath(value: unknown): string | null {
  return walk(value, (_, path, depth) => (depth > MAX_INPUT_DEPTH ? path.slice(0, MAX_INPUT_DEPTH).join(".") : null));
}
