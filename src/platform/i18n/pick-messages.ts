import type { AbstractIntlMessages } from "next-intl";

/**
 * The part of the catalog a client island reads: whole namespaces ("filters"), sub-trees ("taxonomy.topics")
 * or single texts ("auth.login"). The browser gets only these, inside the page's RSC payload, so a page
 * ships no texts its client components never show.
 */
export function pickMessages(messages: AbstractIntlMessages, paths: readonly string[]): AbstractIntlMessages {
  const out: AbstractIntlMessages = {};
  for (const path of paths) {
    const keys = path.split(".");
    let from: AbstractIntlMessages | string | undefined = messages;
    for (const key of keys) from = typeof from === "object" ? from[key] : undefined;
    if (from === undefined) continue;
    let into = out;
    for (const key of keys.slice(0, -1)) {
      const next = into[key];
      if (typeof next === "object") into = next;
      else {
        const branch: AbstractIntlMessages = {};
        into[key] = branch;
        into = branch;
      }
    }
    into[keys.at(-1) as string] = from;
  }
  return out;
}
