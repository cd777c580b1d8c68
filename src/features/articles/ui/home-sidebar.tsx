import type { ReactNode } from "react";
import { Link } from "~/platform/i18n/server-link.tsx";

export function SidebarSection({
  title,
  href,
  linkLabel,
  testId,
  children,
}: {
  title: string;
  href: string;
  linkLabel: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} data-testid={testId}>
      <h2 className="rule-heading">{title}</h2>
      <div className="space-y-4">{children}</div>
      <Link href={href} className="more-link">
        {linkLabel} →
      </Link>
    </section>
  );
}
