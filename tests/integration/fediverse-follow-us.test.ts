import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { createPrivateDatabase, expectAppOn } from "../support/private-database.ts";

/**
 * "Síguenos en el fediverso" as the server renders it for the footer and /newsletter (cached pages: the
 * handle must be in the HTML): the page language's handle as the operator set it, and nothing in private mode.
 * A database of its own: the handle and private mode are site-wide.
 */
const database = await createPrivateDatabase("fedifollow");
vi.stubEnv("FEDIVERSE", "on");
const { db } = await import("~/platform/db/db.ts");
const { FediverseFollowUs } = await import("~/features/fediverse/ui/follow-us.tsx");
const { saveActorProfile } = await import("~/features/fediverse/profiles.ts");
const { saveFediverseSwitches } = await import("~/features/fediverse/switches.ts");
const { siteUrl } = await import("~/platform/http/site-url.ts");

const html = async (locale: "es" | "en") => {
  const element = await FediverseFollowUs({ locale });
  return element ? renderToStaticMarkup(element) : "";
};

describe("the fediverse handle on reader pages", () => {
  it("shows each language's @handle@host, the operator's handle once set, and nothing in private mode", async () => {
    await expectAppOn(db, database.name);
    const host = new URL(siteUrl()).host;
    expect(await html("es")).toContain(
      `Síguenos en el fediverso <span class="font-mono font-semibold break-all">@noticias@${host}</span>`,
    );
    expect(await html("en")).toContain(
      `Follow us on the fediverse <span class="font-mono font-semibold break-all">@news@${host}</span>`,
    );
    await saveActorProfile(db, { actor: "noticias", handle: "riesgosia", name: "Riesgos IA", summary: "" });
    expect(await html("es")).toContain(`@riesgosia@${host}`);
    await saveFediverseSwitches(db, { noteTeaser: false, privateMode: true });
    expect(await html("es")).toBe("");
    expect(await html("en")).toBe("");
  });
});
