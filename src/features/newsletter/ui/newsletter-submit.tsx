import type { DeferredTexts } from "~/platform/i18n/deferred-texts.ts";
import { fillText } from "~/platform/i18n/locales.ts";
import { PostJsonError, postJson } from "~/ui/post-json.ts";
import { toast } from "~/ui/toast.ts";

/**
 * What the signup form does on a submit, fetched with its texts on the field's first focus or on the submit
 * (NewsletterSignup keeps only its states): the spec's REST call and the toasts of docs/product.md §4/§5/§8.
 */
type Texts = DeferredTexts<"newsletterSignup">;

/** A refusal in the reader's language, by its code (the server's own text is the API's English). */
function refusedText(t: Texts, refused: PostJsonError): string {
  if (refused.code === "TOO_MANY_REQUESTS")
    return refused.retryAfter ? fillText(t.tooManyRequests, { seconds: refused.retryAfter }) : t.tooManyRequestsSoon;
  if (refused.status === 400 && refused.field === "email") return t.invalidEmail;
  return t.subscriptionFailed;
}

/** An empty field: nothing is sent. */
export function sayEmpty(t: Texts, contact: boolean) {
  toast.error(t.errorTitle, { description: contact ? t.emptyContact : t.emptyBlock });
}

/** Sends the signup and says how it went; true once the server took the address. */
export async function sendSignup(
  t: Texts,
  contact: boolean,
  request: { email: string; locale: string; source: string; website?: string },
): Promise<boolean> {
  let body: { message?: string } | null;
  try {
    body = await postJson<{ message?: string }>("/api/newsletter/subscribe", request);
  } catch (err) {
    const refused = err instanceof PostJsonError && !err.network ? err : null;
    toast.error(t.errorTitle, {
      description: contact ? t.failureContact : refused ? refusedText(t, refused) : t.failure,
    });
    return false;
  }
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
  return true;
}
