import { describe, expect, it } from "vitest";
import { deepMerge } from "~/platform/i18n/messages.ts";
import en from "../../messages/en/index.ts";
import es from "../../messages/es/index.ts";

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, prefix = ""): string[] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe("messages", () => {
  it("English never has a key Spanish lacks (Spanish is the complete fallback)", () => {
    const esKeys = new Set(keys(es as Tree));
    expect(keys(en as Tree).filter((k) => !esKeys.has(k))).toEqual([]);
  });

  it("falls back to Spanish for a key English lacks", () => {
    const merged = deepMerge({ a: { b: "uno", c: "dos" } }, { a: { b: "one" } });
    expect(merged).toEqual({ a: { b: "one", c: "dos" } });
  });
});
