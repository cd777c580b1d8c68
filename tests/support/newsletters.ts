import type { DbClient } from "~/platform/db/client.ts";

/** A newsletter with one article item, ready to send (the send tests don't care about its content). */
export function createOneItemNewsletter(
  db: DbClient,
  opts: { subject: string; subjectEn?: string; sponsored?: boolean },
) {
  return db.newsletter.create({
    data: {
      subject_es: opts.subject,
      subject_en: opts.subjectEn,
      intro_es: "Intro",
      week_start: new Date(),
      items: [
        {
          kind: "article",
          slug: "x",
          title_es: "X",
          title_en: null,
          summary_es: "Y",
          summary_en: null,
          sponsored: opts.sponsored ?? false,
          date: new Date().toISOString(),
        },
      ],
    },
  });
}
