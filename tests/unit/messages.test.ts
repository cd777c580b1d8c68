import { type MessageFormatElement, parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { deepMerge } from "~/platform/i18n/messages.ts";
import en from "../../messages/en/index.ts";
import es from "../../messages/es/index.ts";

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, prefix = ""): string[] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
const leaf = (t: Tree, path: string) =>
  path.split(".").reduce<string | Tree | undefined>((node, k) => (typeof node === "object" ? node[k] : undefined), t);
/** The ICU arguments a text uses ({name}, {count, plural, …}, nested ones too): both languages fill the same. */
function args(text: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if ("value" in el && el.type !== TYPE.literal && typeof el.value === "string") names.add(el.value);
      if ("options" in el) for (const option of Object.values(el.options)) walk(option.value);
      if ("children" in el) walk(el.children);
    }
  };
  walk(parse(text, { ignoreTag: true }));
  return [...names].sort();
}

/**
 * Every namespace, complete in both languages: a text missing in one language would show the other language's
 * text (or the bare key, outside the pages), so a reader of English never meets Spanish by accident.
 */
const NAMESPACES = Object.keys(es);

describe("messages", () => {
  it("English never has a key Spanish lacks (Spanish is the complete fallback)", () => {
    const esKeys = new Set(keys(es as Tree));
    expect(keys(en as Tree).filter((k) => !esKeys.has(k))).toEqual([]);
  });

  it("falls back to Spanish for a key English lacks", () => {
    const merged = deepMerge({ a: { b: "uno", c: "dos" } }, { a: { b: "one" } });
    expect(merged).toEqual({ a: { b: "one", c: "dos" } });
  });

  it("covers every namespace of both catalogs", () => {
    expect(NAMESPACES.length).toBeGreaterThan(20);
    expect(Object.keys(en).sort()).toEqual([...NAMESPACES].sort());
  });

  it.each(NAMESPACES)("namespace %s has every key in both languages, with the same arguments", (ns) => {
    const esTree = leaf(es as Tree, ns);
    const enTree = leaf(en as Tree, ns);
    expect(typeof esTree, `messages/es lacks namespace ${ns}`).toBe("object");
    expect(typeof enTree, `messages/en lacks namespace ${ns}`).toBe("object");
    const esKeys = keys(esTree as Tree);
    const enKeys = keys(enTree as Tree);
    expect(
      esKeys.filter((k) => !enKeys.includes(k)),
      "missing in English",
    ).toEqual([]);
    expect(
      enKeys.filter((k) => !esKeys.includes(k)),
      "missing in Spanish",
    ).toEqual([]);
    for (const key of esKeys) {
      const esText = leaf(esTree as Tree, key) as string;
      const enText = leaf(enTree as Tree, key) as string;
      expect(args(enText), `${ns}.${key}`).toEqual(args(esText));
    }
  });
});
