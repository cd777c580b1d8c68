import type { ReactNode } from "react";
import { Link } from "~/platform/i18n/navigation.ts";

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
      <h2 className="mb-4 border-b-2 border-ink pb-2 font-serif text-xl font-bold">{title}</h2>
      <div className="space-y-4">{children}</div>
      <Link href={href} className="mt-4 inline-block text-sm font-semibold text-accent-text hover:underline">
        {linkLabel} →
      </Link>
    </section>
  );
}
