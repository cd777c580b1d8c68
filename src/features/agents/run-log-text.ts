import { codeTranslatorFor } from "~/platform/i18n/translator.ts";

/**
 * A run log line as stored: a catalog key and its values (a value may itself be a key, such as a refusal's
 * reason or a finding's name), rendered at read time in the language of the admin who reads it. Lines written
 * before logs were stored this way are plain Spanish text and are shown as written.
 */
export interface LogText {
  ns: "jobLogs" | "adminDesk";
  key: string;
  values?: Record<string, LogValue>;
  /** Shown when the catalog has no such key (a check code the desk does not name yet). */
  fallback?: string;
}
export type LogValue = string | number | LogText;

/** A line of the agent run's log (jobLogs.agentRun.<key>). */
export const runLog = (key: string, values?: Record<string, LogValue>): LogText => ({
  ns: "jobLogs",
  key: `agentRun.${key}`,
  ...(values ? { values } : {}),
});

/** A name the desk shows (adminDesk.<key>), the code itself when the desk has none. */
export const deskName = (key: string, fallback: string): LogText => ({ ns: "adminDesk", key, fallback });

const isLogText = (value: unknown): value is LogText =>
  typeof value === "object" && value !== null && "ns" in value && "key" in value;

/** The text of a log entry in the given language. */
export function renderLogText(text: LogText, locale: string): string {
  const t = codeTranslatorFor(locale, text.ns);
  if (!t.has(text.key)) return text.fallback ?? text.key;
  const values = Object.fromEntries(
    Object.entries(text.values ?? {}).map(([name, v]) => [name, isLogText(v) ? renderLogText(v, locale) : v]),
  );
  return t(text.key, values);
}

/** How an entry is stored in the run's `logs` (text stays text). */
export const storedLogText = (line: string | LogText) => (typeof line === "string" ? line : JSON.stringify(line));

/** A stored line (`[hh:mm:ss] …`) as the admin reads it, in `locale`. */
export function renderRunLogLine(line: string, locale: string): string {
  const at = line.match(/^(\[[^\]]*\] )(\{.*\})$/s);
  if (!at) return line;
  try {
    const parsed: unknown = JSON.parse(at[2] ?? "");
    return isLogText(parsed) ? `${at[1]}${renderLogText(parsed, locale)}` : line;
  } catch {
    return line;
  }
}
