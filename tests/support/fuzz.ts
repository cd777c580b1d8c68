import fc from "fast-check";
import { Parser } from "htmlparser2";
import { expect } from "vitest";

/**
 * Shared pieces of the fuzz tests: hostile values, request bodies made of them, the "no internals leaked"
 * check, and a check that rendered HTML holds nothing a browser would execute.
 */

/** Markup that runs script when a page renders it unescaped or unsanitised (and Markdown that becomes such). */
export const XSS_VECTORS = [
  "<script>alert(1)</script>",
  "</script><script>alert(1)</script>",
  '"><script>alert(1)</script>',
  "<img src=x onerror=alert(1)>",
  "<svg onload=alert(1)>",
  '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<div onmouseover="alert(1)">x</div>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<base href="javascript:alert(1)//">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<object data="javascript:alert(1)"></object>',
  "<style>*{background:url(javascript:alert(1))}</style>",
  '<!--<img src="--><img src=x onerror=alert(1)//">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "[x](javascript:alert(1))",
  "[x](JaVaScRiPt:alert(1))",
  "[x]( javascript:alert(1) )",
  "[x](<javascript:alert(1)>)",
  "[x](javascript&#58;alert(1))",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  '![x](x" onerror="alert(1))',
  "![x](javascript:alert(1))",
  "[x]\n\n[x]: javascript:alert(1)",
  "<javascript:alert(1)>",
  "javascript:alert(1)",
  " javascript:alert(1)",
  "data:text/html,<script>alert(1)</script>",
];

/** Strings that have broken parsers, validators or storage somewhere. */
export const HOSTILE_STRINGS = [
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  "a@b",
  "@example.com",
  "ok@example.com\r\nBcc: victim@example.com",
  "\u0000",
  "\uD800",
  "\u202Egnp.exe",
  "\u2028\u2029",
  "𝕏".repeat(300),
  "x".repeat(20_000),
  "../../etc/passwd",
  "%00",
  "{{7*7}}<%= 7*7 %>",
  "__proto__",
  ...XSS_VECTORS.slice(0, 4),
];

/** Any JSON value a hostile client might send in a field. */
export const nasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

/** A body that is an object of hostile values under the endpoint's field names, or not an object at all. */
export const fuzzBody = (keys: string[]): fc.Arbitrary<unknown> =>
  keys.length ? fc.oneof(fc.dictionary(fc.constantFrom(...keys), nasty), nasty) : nasty;

/**
 * A valid body with one field broken: a hostile value (of `hostile`) at one (possibly nested) key, a key
 * dropped, or an unknown key added. Gets past the first checks, so the deeper ones are exercised too.
 */
export function nearlyValid(valid: Record<string, unknown>, hostile = nasty): fc.Arbitrary<unknown> {
  const paths = leafPaths(valid);
  return fc.oneof(
    fc.tuple(fc.constantFrom(...paths), hostile).map(([path, value]) => setPath(valid, path, value)),
    fc.constantFrom(...paths).map((path) => setPath(valid, path, undefined)),
    fc.tuple(fc.string({ maxLength: 12 }), hostile).map(([key, value]) => ({ ...valid, [key]: value })),
  );
}

function leafPaths(value: unknown, prefix: string[] = []): string[][] {
  if (!value || typeof value !== "object" || Array.isArray(value)) return [prefix];
  const entries = Object.entries(value);
  return [prefix, ...entries.flatMap(([k, v]) => leafPaths(v, [...prefix, k]))].filter((p) => p.length);
}

function setPath(value: Record<string, unknown>, path: string[], leaf: unknown): Record<string, unknown> {
  const [key, ...rest] = path as [string, ...string[]];
  const copy = { ...value };
  if (rest.length === 0) {
    if (leaf === undefined) delete copy[key];
    else copy[key] = leaf;
  } else copy[key] = setPath((value[key] ?? {}) as Record<string, unknown>, rest, leaf);
  return copy;
}

/** An error answer must not show a stack, SQL, or which database or ORM runs behind it. */
export function expectNoInternals(answer: string, context = "") {
  expect(answer, context).not.toMatch(
    /prisma|postgres|stack|at \w+ \(|node_modules|\bSELECT\b.*\bFROM\b|\bINSERT INTO\b|violates|P20\d\d/i,
  );
}

/** Text that mixes attack fragments with random characters and Markdown syntax. */
export const markupPayload: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...XSS_VECTORS) },
      { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 12 }) },
      {
        weight: 2,
        arbitrary: fc.constantFrom("<", ">", '"', "'", "`", "&", "](", ")", "\n", "\n\n", "    ", "```", "=", ":"),
      },
    ),
    { minLength: 1, maxLength: 8 },
  )
  .map((parts) => parts.join(""));

const DANGEROUS_TAGS = new Set([
  "script",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "base",
  "meta",
  "link",
  "style",
  "svg",
  "math",
  "form",
  "template",
  "noscript",
]);
const URL_ATTRIBUTES = new Set([
  "href",
  "src",
  "srcset",
  "action",
  "formaction",
  "xlink:href",
  "data",
  "poster",
  "background",
]);
const SAFE_SCHEMES = new Set(["http", "https", "mailto"]);

/**
 * What in `html` a browser would execute or navigate to as script: script-capable elements, on* handlers,
 * and URL attributes whose scheme is not http(s)/mailto (entities decoded and control characters removed,
 * as browsers do). JSON-LD blocks are allowed when their content is plain JSON. Empty means inert.
 */
export function executableBits(html: string): string[] {
  const found: string[] = [];
  let jsonLd: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        // An e-mail document's <meta http-equiv="Content-Type"> is fine; a refresh is a redirect.
        const harmlessMeta = name === "meta" && !/refresh/i.test(attribs["http-equiv"] ?? "");
        if (name === "script" && attribs.type === "application/ld+json" && Object.keys(attribs).length === 1)
          jsonLd = "";
        else if (DANGEROUS_TAGS.has(name) && !harmlessMeta) found.push(`<${name}>`);
        for (const [attr, value] of Object.entries(attribs)) {
          if (attr.startsWith("on")) found.push(`${name}[${attr}]`);
          if (attr === "style" && /javascript:|expression\(|url\(/i.test(value)) found.push(`${name}[style]`);
          if (!URL_ATTRIBUTES.has(attr)) continue;
          // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers drop these before reading a scheme
          const url = value.replace(/[\u0000-\u0020\u007f]/g, "").toLowerCase();
          const scheme = url.match(/^([a-z][a-z0-9+.-]*):/)?.[1];
          if (scheme && !SAFE_SCHEMES.has(scheme)) found.push(`${name}[${attr}=${scheme}:]`);
        }
      },
      ontext(text) {
        if (jsonLd !== null) jsonLd += text;
      },
      onclosetag(name) {
        if (name !== "script" || jsonLd === null) return;
        try {
          JSON.parse(jsonLd);
        } catch {
          found.push("<script type=application/ld+json> that is not JSON");
        }
        jsonLd = null;
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return found;
}
