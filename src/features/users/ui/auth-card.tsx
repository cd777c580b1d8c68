import type { ReactNode } from "react";

/** The frame shared by the sign-in and sign-up screens. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <main className="mx-auto flex w-full max-w-md flex-col px-4 py-12 sm:py-16">
      <div className="rounded-xl border border-ink/15 bg-surface p-6 shadow-sm sm:p-8">
        <h1 className="font-serif text-3xl font-bold">{title}</h1>
        <p className="mt-2 text-muted">{subtitle}</p>
        <div className="mt-6">{children}</div>
      </div>
      <p className="mt-6 text-center text-sm">{footer}</p>
    </main>
  );
}
