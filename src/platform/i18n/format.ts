import type { Locale } from "~/platform/i18n/routing.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

const INTL_LOCALE: Record<Locale, string> = { es: "es-ES", en: "en-US" };

/**
 * One formatter per locale and kind, made once: building an Intl formatter costs far more than formatting
 * with it, and every card's byline formats a date on every page view.
 */
const formatters = new Map<string, Intl.RelativeTimeFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.RelativeTimeFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let f = formatters.get(key);
  if (!f) {
    f = make();
    formatters.set(key, f);
  }
  return f as T;
}

/**
 * docs/product.md §9 relative time: ≤1 minute `justNow` (the catalog's 'just now', cards.justNow); then minutes, hours,
 * days, weeks (under 4 weeks); anything older (or in the future) is a full date with time in es-ES / en-US style.
 */
export function formatRelativeTime(date: Date, locale: Locale, justNow: string, now: Date = new Date()): string {
  const diff = now.getTime() - date.getTime();
  if (diff < 0 || diff >= 4 * WEEK) return formatDateTime(date, locale);
  if (diff <= MINUTE) return justNow;
  const rtf = formatter(`rtf:${locale}`, () => new Intl.RelativeTimeFormat(INTL_LOCALE[locale], { numeric: "always" }));
  if (diff < HOUR) return rtf.format(-Math.floor(diff / MINUTE), "minute");
  if (diff < DAY) return rtf.format(-Math.floor(diff / HOUR), "hour");
  if (diff < WEEK) return rtf.format(-Math.floor(diff / DAY), "day");
  return rtf.format(-Math.floor(diff / WEEK), "week");
}

/** Full date with time, e.g. '14 de noviembre de 2025, 10:00' / 'November 14, 2025 at 10:00 AM'. */
function formatDateTime(date: Date, locale: Locale): string {
  return formatter(
    `datetime:${locale}`,
    () =>
      new Intl.DateTimeFormat(INTL_LOCALE[locale], {
        dateStyle: "long",
        timeStyle: "short",
        timeZone: "Europe/Madrid",
      }),
  ).format(date);
}

/** Date only, e.g. '11 de octubre de 2025' / 'October 11, 2025'. */
export function formatDate(date: Date, locale: Locale): string {
  return formatter(
    `date:${locale}`,
    () => new Intl.DateTimeFormat(INTL_LOCALE[locale], { dateStyle: "long", timeZone: "Europe/Madrid" }),
  ).format(date);
}

/** Cuts text to at most `max` characters on a word boundary, adding an ellipsis (meta descriptions). */
export function truncate(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, "")}…`;
}
