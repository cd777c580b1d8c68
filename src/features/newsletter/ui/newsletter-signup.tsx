"use client";

import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { type DeferredTexts, deferredTexts } from "~/platform/i18n/deferred-texts.ts";
import { Link, useLocale } from "~/platform/i18n/link.tsx";
import { fillText } from "~/platform/i18n/locales.ts";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { PostJsonError, postJson } from "~/ui/post-json.ts";
import { toast } from "~/ui/toast.ts";
import type { NewsletterSignupTexts } from "./newsletter-signup-texts.ts";

/** docs/product.md §9: the green 'Suscrito' state lasts 3000 ms. */
const SUBSCRIBED_MS = 3000;

type State = "idle" | "submitting" | "subscribed";

/**
 * The newsletter signup block. `variant="block"` is the home/sidebar/footer block (anchor #newsletter, its
 * input gets focused by the header's newsletter button); `variant="contact"` is the one on /contacto.
 * States and texts follow docs/product.md §4/§5/§8; it calls the spec's REST path and says a refusal in the reader's language.
 * The texts it shows before a submit come from the server (newsletterSignupTexts); the ones a submit needs
 * (its states, answers and refusals) are fetched on the field's first focus, or on the submit.
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
  const [email, setEmail] = useState("");
  const [state, setState] = useState<State>("idle");
  const [t, setTexts] = useState<DeferredTexts<"newsletterSignup">>();
  const honeypot = useRef<HTMLInputElement>(null);
  // A second press while the submit's texts are still on their way does not send twice.
  const waiting = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const honeypotId = useId();
  const contact = variant === "contact";

  useEffect(() => () => clearTimeout(timer.current), []);

  /** A refusal in the reader's language, by its code (the server's own text is the API's English). */
  function refusedText(t: DeferredTexts<"newsletterSignup">, refused: PostJsonError): string {
    if (refused.code === "TOO_MANY_REQUESTS")
      return refused.retryAfter ? fillText(t.tooManyRequests, { seconds: refused.retryAfter }) : t.tooManyRequestsSoon;
    if (refused.status === 400 && refused.field === "email") return t.invalidEmail;
    return t.subscriptionFailed;
  }

  async function loadTexts() {
    const texts = await deferredTexts("newsletterSignup", locale);
    setTexts(texts);
    return texts;
  }

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (state !== "idle" || waiting.current) return;
    let t: DeferredTexts<"newsletterSignup">;
    waiting.current = true;
    try {
      t = await loadTexts();
    } catch {
      // Offline before the texts arrived: the subscription could not have gone through either.
      toast.error(shown.errorTitle, { description: shown.failure });
      return;
    } finally {
      waiting.current = false;
    }
    if (!email.trim()) {
      toast.error(t.errorTitle, { description: contact ? t.emptyContact : t.emptyBlock });
      return;
    }
    setState("submitting");
    let body: { message?: string } | null;
    try {
      body = await postJson<{ message?: string }>("/api/newsletter/subscribe", {
        email: email.trim(),
        locale,
        source: source ?? variant,
        ...(honeypot.current?.value ? { website: honeypot.current.value } : {}),
      });
    } catch (err) {
      setState("idle");
      const refused = err instanceof PostJsonError && !err.network ? err : null;
      toast.error(t.errorTitle, {
        description: contact ? t.failureContact : refused ? refusedText(t, refused) : t.failure,
      });
      return;
    }
    setEmail("");
    setState("subscribed");
    timer.current = setTimeout(() => setState("idle"), SUBSCRIBED_MS);
    // The contact page keeps the spec's sentence and, as the signup block does, says a confirmation went out.
    if (contact)
      toast.success(t.contactSuccessTitle, {
        description: (
          <>
            <span>{t.contactSuccessBody}</span> <span>{body?.message || t.successDefault}</span>
          </>
        ),
      });
    else toast.success(t.successTitle, { description: body?.message || t.successDefault });
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
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          onFocus={() => void loadTexts().catch(() => {})}
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
        <input ref={honeypot} id={honeypotId} type="text" name="website" tabIndex={-1} autoComplete="off" />
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
