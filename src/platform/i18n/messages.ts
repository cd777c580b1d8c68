import type { AbstractIntlMessages } from "next-intl";
import type { Locale } from "./routing.ts";

/**
 * Messages are split by area (messages/<locale>/<area>.json) so features can own their texts.
 * English is deep-merged over Spanish: a missing English key shows the Spanish text (docs/product.md §4);
 * a key missing in both falls back to the key itself (getMessageFallback in request.ts).
 */
type Messages = { [key: string]: string | Messages };

export async function loadMessages(locale: Locale): Promise<AbstractIntlMessages> {
  const es = await loadLocale("es");
  if (locale === "es") return es;
  return deepMerge(es, await loadLocale(locale));
}

async function loadLocale(locale: Locale): Promise<Messages> {
  const mod = (await import(`../../../messages/${locale}/index.ts`)) as { default: Messages };
  return mod.default;
}

export function deepMerge(base: Messages, over: Messages): Messages {
  const out: Messages = { ...base };
  for (const [key, value] of Object.entries(over)) {
    const prev = out[key];
    out[key] = typeof value === "object" && typeof prev === "object" ? deepMerge(prev, value) : value;
  }
  return out;
}

/** Namespaces only the server renders (e-mails, service answers, job logs): never sent to the browser. */
const SERVER_ONLY = new Set(["emails", "outcomes", "jobLogs", "readerReportEmails", "fediverse"]);

/** Namespaces only the admin panel's browser code reads (error texts by reason: the public forms map codes). */
const admin = (namespace: string) => namespace.startsWith("admin") || namespace === "errors";

/** The messages the browser may receive; `admin` also keeps the admin panel's namespaces (admin, adminAgents…). */
export function browserMessages(messages: Record<string, unknown>, opts: { admin: boolean }) {
  return Object.fromEntries(
    Object.entries(messages).filter(([namespace]) => !SERVER_ONLY.has(namespace) && (opts.admin || !admin(namespace))),
  );
}
