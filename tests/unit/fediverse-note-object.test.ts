import { describe, expect, it } from "vitest";
import { noteObject } from "~/features/fediverse/note-object.ts";
import type { Article } from "~/generated/prisma/client.ts";

/** The Note teaser (the setting for Mastodon readers): title, summary, link and hashtags, not the body. */
const row = {
  id: "a1",
  slug: "guia-ia",
  title_es: "Guía <del> reglamento",
  title_en: "Guide to the regulation",
  summary_es: "Resumen en español.",
  summary_en: "Summary in English.",
  body_es: "Uno.\n\nDos.",
  topics: ["regulación"],
  tags: ["AI Act", "regulación"],
  published_at: new Date("2026-11-28T09:00:00Z"),
  date: new Date("2026-11-28T09:00:00Z"),
  updated_at: new Date("2026-11-29T09:00:00Z"),
  sponsored: false,
  sponsor_label: null,
  image_url: "/api/media/guia.png",
} as unknown as Article;

const origin = "https://riesgos-ia.example";
const ids = (locale: "es" | "en", actor: string) => ({
  id: new URL(`${origin}/ap/notes/${locale}/a1`),
  attribution: new URL(`${origin}/ap/actors/${actor}`),
  followers: new URL(`${origin}/ap/actors/${actor}/followers`),
});

const jsonOf = async (note: ReturnType<typeof noteObject>) =>
  (await note.toJsonLd({ format: "compact" })) as Record<string, unknown>;

describe("noteObject", () => {
  it("is a public Note with the escaped title, the summary, the page link and Mastodon-style hashtags", async () => {
    const json = await jsonOf(noteObject(row, "es", origin, ids("es", "noticias")));
    const content = json.content as string;
    expect(json.type).toBe("Note");
    expect(json.id).toBe(`${origin}/ap/notes/es/a1`);
    expect(json.attributedTo).toBe(`${origin}/ap/actors/noticias`);
    expect(json.to).toBe("as:Public");
    expect(json.cc).toBe(`${origin}/ap/actors/noticias/followers`);
    expect(json.url).toBe(`${origin}/noticias/guia-ia`);
    expect(json.sensitive).toBe(false);
    expect(content).toContain("<p><strong>Guía &lt;del&gt; reglamento</strong></p>");
    expect(content).toContain("<p>Resumen en español.</p>");
    expect(content).toContain(`<a href="${origin}/noticias/guia-ia">${origin}/noticias/guia-ia</a>`);
    expect(content).toContain(
      `<a href="${origin}/noticias?tag=AIAct" class="mention hashtag" rel="tag">#<span>AIAct</span></a>`,
    );
    expect(content).not.toContain("Uno.");
    expect((json.tag as { name: string }[]).map((t) => t.name).sort()).toEqual(["#AIAct", "#Regulación"]);
    expect(json.attachment).toMatchObject({ type: "Image", url: `${origin}/api/media/guia.png` });
    expect(json.name).toBeUndefined();
  });

  it("in English: English texts and links, the correction note and the sponsor label first", async () => {
    const sponsored = { ...row, sponsored: true, sponsor_label: "Fundación X" } as Article;
    const json = await jsonOf(noteObject(sponsored, "en", origin, ids("en", "news"), "The date was August."));
    const content = json.content as string;
    expect(json.url).toBe(`${origin}/en/noticias/guia-ia`);
    expect(content.indexOf("Fundación X")).toBeLessThan(content.indexOf("The date was August."));
    expect(content.indexOf("The date was August.")).toBeLessThan(content.indexOf("Guide to the regulation"));
    expect(content).toContain("<p>Summary in English.</p>");
    expect(content).toContain(`${origin}/en/noticias?tag=Regulaci%C3%B3n`);
  });
});
