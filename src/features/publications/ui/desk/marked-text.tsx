import type { ReactNode } from "react";

/**
 * Plain text (a title, a summary) with the first occurrence of each unsupported claim wrapped in a <mark>,
 * the same highlight the body gets.
 */
export function MarkedText({ text, claims, field }: { text: string; claims: string[]; field: "title" | "summary" }) {
  const spans: [number, number][] = [];
  for (const claim of claims) {
    const needle = claim.slice(0, 80);
    const at = needle ? text.indexOf(needle) : -1;
    if (at >= 0 && !spans.some(([s, e]) => at < e && at + needle.length > s)) spans.push([at, at + needle.length]);
  }
  if (!spans.length) return <>{text}</>;
  spans.sort((a, b) => a[0] - b[0]);
  const parts: ReactNode[] = [];
  let from = 0;
  for (const [start, end] of spans) {
    if (start > from) parts.push(text.slice(from, start));
    parts.push(
      <mark key={start} data-testid="unsupported-claim" data-field={field}>
        {text.slice(start, end)}
      </mark>,
    );
    from = end;
  }
  if (from < text.length) parts.push(text.slice(from));
  return <>{parts}</>;
}
