import { describe, expect, it } from "vitest";
import { deepMerge } from "~/platform/i18n/messages.ts";
import en from "../../messages/en/index.ts";
import es from "../../messages/es/index.ts";

type Tree = { [k: string]: string | Tree };
const keys = (t: Tree, prefix = ""): string[] =>
  Object.entries(t).flatMap(([k, v]) => (typeof v === "string" ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));
const leaf = (t: Tree, path: string) =>
  path.split(".").reduce<string | Tree | undefined>((node, k) => (typeof node === "object" ? node[k] : undefined), t);
/** The ICU arguments a text uses ({name}, {count, plural, …}): both languages must fill the same ones. */
const args = (text: string) => [...new Set([...text.matchAll(/\{\s*(\w+)/g)].map((m) => m[1]))].sort();

/**
 * Texts rendered outside the pages (e-mails, service answers) or from codes (errors, outcomes): a text missing
 * in one language would show the other language's text or the bare key, so both languages hold every key.
 */
const COMPLETE_IN_BOTH = [
  "emails",
  "outcomes",
  "errors",
  "jobLogs",
  "adminAgents.outcomes",
  "adminPublications.outcomes",
  "adminMigration.outcomes",
  "adminNewsletters.outcomes",
];

describe("messages", () => {
  it("English never has a key Spanish lacks (Spanish is the complete fallback)", () => {
    const esKeys = new Set(keys(es as Tree));
    expect(keys(en as Tree).filter((k) => !esKeys.has(k))).toEqual([]);
  });

  it("falls back to Spanish for a key English lacks", () => {
    const merged = deepMerge({ a: { b: "uno", c: "dos" } }, { a: { b: "one" } });
    expect(merged).toEqual({ a: { b: "one", c: "dos" } });
  });

  it.each(COMPLETE_IN_BOTH)("namespace %s has every key in both languages, with the same arguments", (ns) => {
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
