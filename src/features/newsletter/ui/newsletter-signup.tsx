"use client";

import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { type DeferredTexts, deferredTexts } from "~/platform/i18n/deferred-texts.ts";
import { Link, useLocale } from "~/platform/i18n/link.tsx";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { toast } from "~/ui/toast.ts";
import type { NewsletterSignupTexts } from "./newsletter-signup-texts.ts";

/** docs/product.md §9: the green 'Suscrito' state lasts 3000 ms. */
const SUBSCRIBED_MS = 3000;

type State = "idle" | "submitting" | "subscribed";

/**
 * The newsletter signup block. `variant="block"` is the home/sidebar/footer block (anchor #newsletter, its
 * input gets focused by the header's newsletter button); `variant="contact"` is the one on /contacto.
 * States and texts follow docs/product.md §4/§5/§8; it calls the spec's REST path and says a refusal in the reader's language.
 * The texts it shows before a submit come from the server (newsletterSignupTexts); what a submit needs (its
 * code in newsletter-submit.tsx, its states', answers' and refusals' texts) is fetched on the field's first
 * focus, or on the submit.
 */
export function NewsletterSignup({
  variant = "block",
  source,
  texts: shown,
}: {
  variant?: "block" | "contact";
  source?: string;
  texts: NewsletterSignupTexts;
}) {
  const locale = useLocale();
  const [state, setState] = useState<State>("idle");
  const [t, setTexts] = useState<DeferredTexts<"newsletterSignup">>();
  // A second press while the submit's code and texts are still on their way does not send twice.
  const waiting = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const honeypotId = useId();
  const contact = variant === "contact";

  useEffect(() => () => clearTimeout(timer.current), []);

  // The submit's code and texts, fetched once: on the field's first focus, or on the submit.
  async function loadSubmit() {
    const [texts, submit] = await Promise.all([
      deferredTexts("newsletterSignup", locale),
      import("./newsletter-submit.tsx"),
    ]);
    setTexts(texts);
    return { t: texts, ...submit };
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    // The field is read from the form, not from state: an address typed before the page hydrated counts too.
    const form = e.currentTarget;
    const data = new FormData(form);
    const email = String(data.get("email") ?? "");
    const website = String(data.get("website") ?? "");
    if (state !== "idle" || waiting.current) return;
    let loaded: Awaited<ReturnType<typeof loadSubmit>>;
    waiting.current = true;
    try {
      loaded = await loadSubmit();
    } catch {
      // Offline before the submit's code arrived: the subscription could not have gone through either.
      toast.error(shown.errorTitle, { description: shown.failure });
      return;
    } finally {
      waiting.current = false;
    }
    const { t, sayEmpty, sendSignup } = loaded;
    if (!email.trim()) return sayEmpty(t, contact);
    setState("submitting");
    const taken = await sendSignup(t, contact, {
      email: email.trim(),
      locale,
      source: source ?? variant,
      ...(website ? { website } : {}),
    });
    if (!taken) return setState("idle");
    form.reset();
    setState("subscribed");
    timer.current = setTimeout(() => setState("idle"), SUBSCRIBED_MS);
  }

  const inputId = contact ? "newsletter-email-contact" : "newsletter-email";
  return (
    <form
      id={contact ? undefined : "newsletter"}
      data-testid={`newsletter-${variant}`}
      data-state={state}
      onSubmit={onSubmit}
      className="relative space-y-3"
    >
      <label htmlFor={inputId} className="sr-only">
        {shown.label}
      </label>
      <div className={cn("flex gap-2", contact ? "flex-col sm:flex-row" : "flex-col")}>
        <input
          id={inputId}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          onFocus={() => void loadSubmit().catch(() => {})}
          placeholder={shown.placeholder}
          disabled={state === "submitting"}
          className="field h-10 placeholder:text-muted"
        />
        <Button
          type="submit"
          disabled={state !== "idle"}
          data-testid={`newsletter-${variant}-submit`}
          className={cn("shrink-0", state === "subscribed" && "bg-success text-white hover:bg-success")}
        >
          {state === "submitting" ? (
            t?.submitting
          ) : state === "subscribed" ? (
            <>
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="currentColor">
                <path d="M7.7 14.3 3.4 10l1.4-1.4 2.9 2.9 7.5-7.5 1.4 1.4z" />
              </svg>
              {t?.subscribed}
            </>
          ) : (
            shown.submit
          )}
        </Button>
      </div>
      {/* Honeypot: hidden from people and assistive tech; bots that fill every field give themselves away. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={honeypotId}>{shown.honeypot}</label>
        <input id={honeypotId} type="text" name="website" tabIndex={-1} autoComplete="off" />
      </div>
      <p className="text-xs text-muted">{shown.note}</p>
      <p className="text-xs">
        <Link
          href="/newsletter"
          className="font-semibold text-accent-text hover:underline"
          data-testid="newsletter-archive-link"
        >
          {shown.archiveLink}
        </Link>
      </p>
    </form>
  );
}
