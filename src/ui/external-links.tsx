import type { ReactNode } from "react";

/** A list of outside links (sources, related links, profiles): they open in a new tab without an opener. */
export function ExternalLinks({
  links,
  ordered = false,
  className,
}: {
  links: { name: string; url: string }[];
  ordered?: boolean;
  className?: string;
}) {
  const items: ReactNode = links.map((l) => (
    <li key={l.url}>
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
