import { describe, expect, it } from "vitest";
import { isAutomated } from "~/features/analytics/exclusion.ts";
import { hitFields } from "~/features/analytics/hit-fields.ts";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const ctx = { userAgent: CHROME, ownHost: "riesgos-ia.example", at: new Date(0), visitor: new Uint8Array(16) };
const utm = (p: string) => {
  const row = hitFields({ p }, ctx);
  return [row?.utm_source ?? null, row?.utm_campaign ?? null];
};

/** The shortcuts a hit takes (UTM keys read only from a query that can hold them, isbot's verdict remembered). */
describe("a hit's fields", () => {
  it("reads the UTM keys however the query writes them, and none where there are none", () => {
    expect(utm("/noticias/a?utm_source=boletin&utm_campaign=s48")).toEqual(["boletin", "s48"]);
    expect(utm("/noticias/a?utm%5Fsource=bolet%C3%ADn")).toEqual(["boletín", null]);
    expect(utm("/noticias/a?x=1&utm_campaign=%20s49%20")).toEqual([null, "s49"]);
    expect(utm("/noticias/a?x=utm")).toEqual([null, null]);
    expect(utm("/noticias/a")).toEqual([null, null]);
  });

  it("gives the same bot verdict for a user agent seen again", () => {
    for (let i = 0; i < 3; i++) {
      expect(isAutomated(new Headers({ "user-agent": BOT }))).toBe(true);
      expect(isAutomated(new Headers({ "user-agent": CHROME }))).toBe(false);
      expect(isAutomated(new Headers({ "user-agent": `  ${CHROME}  ` }))).toBe(false);
    }
  });
});
