import type { ReactNode } from "react";
import { Link } from "~/platform/i18n/link.tsx";
import { Button } from "~/ui/button.tsx";

/** The centred status card of the unsubscribe and confirmation pages, with 'Ir al Inicio' and 'Contacto'. */
export function ResultPanel(props: {
  testId: string;
  state: string;
  title: string;
  body?: string;
  homeLabel?: string;
  contactLabel?: string;
  icon?: ReactNode;
}) {
  return (
    <main
      className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center"
      data-testid={props.testId}
      data-state={props.state}
    >
      {props.icon}
      <h1 className="mt-4 font-serif text-3xl font-bold" aria-live="polite">
        {props.title}
      </h1>
      {props.body ? <p className="mt-4 text-lg text-muted">{props.body}</p> : null}
      {props.homeLabel && props.contactLabel ? (
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Button asChild>
            <Link href="/">{props.homeLabel}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/contacto">{props.contactLabel}</Link>
          </Button>
        </div>
      ) : null}
    </main>
  );
}

export function CheckIcon({ tone }: { tone: "success" | "muted" }) {
  return (
    <span
      aria-hidden="true"
      className={`flex h-14 w-14 items-center justify-center rounded-full ${tone === "success" ? "bg-success text-white" : "bg-sand text-muted"}`}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="h-7 w-7" fill="currentColor">
        {tone === "success" ? (
          <path d="M7.7 14.3 3.4 10l1.4-1.4 2.9 2.9 7.5-7.5 1.4 1.4z" />
        ) : (
          <circle cx="10" cy="10" r="3" />
        )}
      </svg>
    </span>
  );
}
