import type { Locale } from "~/platform/i18n/locales.ts";

/** The site's two actors, one per language: `@noticias@host` posts the Spanish articles, `@news@host` the English. */
export const ACTORS = { noticias: "es", news: "en" } as const satisfies Record<string, Locale>;
export type ActorName = keyof typeof ACTORS;

export const isActorName = (name: string): name is ActorName => Object.hasOwn(ACTORS, name);
export const actorOf = (locale: Locale): ActorName => (locale === "en" ? "news" : "noticias");
