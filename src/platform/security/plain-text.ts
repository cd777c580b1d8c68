/**
 * The one rule for fields that are plain text wherever they go out (RSS titles and descriptions, JSON-LD,
 * e-mail subjects): titles and names are model- or user-written, and a reader that renders them as HTML
 * must find nothing to run. Entities are decoded once (so `&lt;img …&gt;` cannot come back as a tag), then
 * markup is dropped: comments, CDATA delimiters, script/style elements with their content, and every
 * tag-like `<…` (an unclosed one up to the end). Control characters become spaces, and the result is one
 * trimmed line. A `<` that starts no tag (`IA < humanos`) stays: each output escapes it for its own syntax.
 */
const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (entity, body: string) => {
    if (body[0] !== "#") return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
    const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : "";
  });
}

const MARKUP = [
  /<!--[\s\S]*?(-->|$)/g,
  /<!\[CDATA\[|\]\]>/g,
  /<(script|style)\b[\s\S]*?(<\/\1\s*>|$)/gi,
  /<[a-z!/?][^>]*(>|$)/gi,
];

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this removes
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufffe\uffff]/g;

// Half of a surrogate pair on its own is no character: XML refuses it and JSON writes it as an escape.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function plainText(value: string): string {
  let text = decodeEntities(value.replace(LONE_SURROGATE, ""));
  // Until nothing changes: removing one tag can join the halves of another (`<<b>img …>`).
  for (let previous = ""; previous !== text; ) {
    previous = text;
    for (const pattern of MARKUP) text = text.replace(pattern, "");
  }
  return text.replace(CONTROL, " ").replace(/\s+/g, " ").trim();
}

/** Every string in a JSON-like value made plain text (keys and non-strings unchanged). */
export function plainTextDeep<T>(value: T): T {
  if (typeof value === "string") return plainText(value) as T;
  if (Array.isArray(value)) return value.map(plainTextDeep) as T;
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plainTextDeep(v)])) as T;
  return value;
}
