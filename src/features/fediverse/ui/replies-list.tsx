import { sanitizeForeignHtml } from "~/platform/security/markdown.ts";
import type { ApprovedReply } from "../desk-replies.ts";
import { REPLY_LINK_REL } from "../reply-rel.ts";
import { threadReplies } from "../reply-threads.ts";

export interface RepliesTexts {
  title: string;
  intro: string;
  by: (handle: string) => string;
}

/** One reply: its author's handle linked to their profile, its date, its words. */
function ReplyBody({ reply: r, texts }: { reply: ApprovedReply; texts: RepliesTexts }) {
  return (
    <>
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
    </>
  );
}

/**
 * The approved replies as the article page shows them, oldest first; the answers to a reply (and the answers to
 * those, flattened) indented under it, one level.
 */
export function RepliesList({ replies, texts }: { replies: ApprovedReply[]; texts: RepliesTexts }) {
  return (
    <section aria-labelledby="fediverse-replies" className="mx-auto mt-12 max-w-3xl" data-testid="fediverse-replies">
      <h2 id="fediverse-replies" className="font-serif text-xl font-bold">
        {texts.title}
      </h2>
      <p className="mt-1 text-sm text-muted">{texts.intro}</p>
      <ol className="mt-4 space-y-4">
        {threadReplies(replies).map((r) => (
          <li key={r.id} className="border-l-2 border-rule pl-4" data-testid="fediverse-reply">
            <ReplyBody reply={r} texts={texts} />
            {r.answers.length > 0 && (
              <ol className="mt-3 ml-4 space-y-3">
                {r.answers.map((a) => (
                  <li key={a.id} className="border-l-2 border-rule pl-4" data-testid="fediverse-reply-answer">
                    <ReplyBody reply={a} texts={texts} />
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
