import type { ReactNode } from "react";
import { plainTextDeep } from "~/platform/security/plain-text.ts";
import { StaticMarkup } from "~/ui/static-markup/static-markup.tsx";

/** Section page masthead: kicker, serif title, dek. */
export function PageHeader({
  kicker,
  title,
  dek,
  children,
}: {
  kicker?: string;
  title: string;
  dek?: string | null;
  children?: ReactNode;
}) {
  return (
    <header className="border-b border-ink/15 pb-8">
      {kicker && <p className="kicker mb-3">{kicker}</p>}
      <h1 className="font-serif text-4xl font-bold leading-tight tracking-tight md:text-5xl">{title}</h1>
      {dek && <p className="mt-4 max-w-3xl text-lg leading-relaxed text-muted md:text-xl">{dek}</p>}
      {children}
    </header>
  );
}

/** Section heading with a heavy rule, as in print. */
export function SectionHeading({ id, children, action }: { id?: string; children: ReactNode; action?: ReactNode }) {
  return (
    <div className="section-heading">
      <h2 id={id} className="font-serif text-2xl font-bold">
        {children}
      </h2>
      {action}
    </div>
  );
}

/** Structured data: every string is plain text (titles and names are model- or user-written). */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  // JSON.stringify output is safe inside <script> once '<' is escaped (no closing tag can appear).
  const json = JSON.stringify(plainTextDeep(data)).replace(/</g, "\\u003c");
  // Static markup: in the HTML for crawlers, and not a second time, escaped again, in the page's payload.
  return <StaticMarkup as="script" type="application/ld+json" html={json} />;
}
