/**
 * PostgreSQL text cannot hold U+0000: a string carrying it would pass validation and then fail the insert
 * with a 500. Returns the dotted path of the first string (or object key) that contains one, or null.
 */
export function nulCharacterPath(value: unknown, path: string[] = []): string | null {
  if (typeof value === "string") return value.includes("\u0000") ? path.join(".") : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = nulCharacterPath(item, [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes("\u0000")) return [...path, key].join(".");
      const found = nulCharacterPath(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}
