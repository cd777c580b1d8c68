import type { ReactNode } from "react";

/**
 * A list of outside links (sources, related links, profiles): they open in a new tab without an opener. An
 * ordered list numbers each link by its `n` when it has one, so a list with gaps keeps the numbers the text
 * cites.
 */
export function ExternalLinks({
  links,
  ordered = false,
  className,
}: {
  links: { name: string; url: string; n?: number }[];
  ordered?: boolean;
  className?: string;
}) {
  const items: ReactNode = links.map((l) => (
    <li key={l.url} value={ordered ? l.n : undefined}>
      <a
        href={l.url}
        target="_blank"
        rel="noopener noreferrer"
        className="text-accent-text underline underline-offset-2"
      >
        {l.name}
      </a>
    </li>
  ));
  return ordered ? <ol className={className}>{items}</ol> : <ul className={className}>{items}</ul>;
}
