import { sanitizeForeignHtml } from "~/platform/security/markdown.ts";
import type { ApprovedReply } from "../desk-replies.ts";
import { REPLY_LINK_REL } from "../reply-rel.ts";

export interface RepliesTexts {
  title: string;
  intro: string;
  by: (handle: string) => string;
}

/** The approved replies as the article page shows them: handle linked to the author's profile, date, words. */
export function RepliesList({ replies, texts }: { replies: ApprovedReply[]; texts: RepliesTexts }) {
  return (
    <section aria-labelledby="fediverse-replies" className="mx-auto mt-12 max-w-3xl" data-testid="fediverse-replies">
      <h2 id="fediverse-replies" className="font-serif text-xl font-bold">
        {texts.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{texts.intro}</p>
      <ol className="mt-4 space-y-4">
        {replies.map((r) => (
          <li key={r.id} className="border-l-2 border-rule pl-4" data-testid="fediverse-reply">
            <p className="text-sm font-semibold">
              <a
                href={r.author_url}
                rel={REPLY_LINK_REL}
                target="_blank"
                className="underline"
                aria-label={texts.by(r.author_handle)}
              >
                {r.author_handle}
              </a>{" "}
              <time dateTime={r.published.toISOString()} className="font-normal text-muted">
                {r.published.toISOString().slice(0, 10)}
              </time>
            </p>
            <div
              className="prose-article mt-1 text-[0.95rem]"
              // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on arrival and again here, by the site's allow-list
              dangerouslySetInnerHTML={{ __html: sanitizeForeignHtml(r.content, REPLY_LINK_REL) }}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
