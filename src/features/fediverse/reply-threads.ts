/** A top-level reply as the page shows it, with the answers threaded under it (oldest first). */
export type ReplyThread<R> = R & { answers: R[] };

/**
 * The approved replies (oldest first) as threads: each reply to the article with the answers under it. An
 * answer whose top-level reply is not shown (pending, rejected, deleted) stands on its own, in its place in
 * time: it was approved for its own words.
 */
export function threadReplies<R extends { id: string; thread_id: string | null }>(
  replies: readonly R[],
): ReplyThread<R>[] {
  const shown = new Set(replies.map((r) => r.id));
  const answers = new Map<string, R[]>();
  for (const r of replies) {
    if (r.thread_id && shown.has(r.thread_id)) answers.set(r.thread_id, [...(answers.get(r.thread_id) ?? []), r]);
  }
  return replies
    .filter((r) => !r.thread_id || !shown.has(r.thread_id))
    .map((r) => ({ ...r, answers: answers.get(r.id) ?? [] }));
}
