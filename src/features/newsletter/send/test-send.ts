import { sendEmail } from "~/features/mail/index.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { notFound } from "~/platform/errors.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { personalise, previewToken, renderNewsletter } from "../compose/render-newsletter.ts";

/**
 * "Enviar prueba": the newsletter in one language to the signed-in editor's own address only. Nothing about
 * the newsletter changes (status, counts, batches); the copy carries a visibly fake unsubscribe token.
 */
export async function sendNewsletterTest(db: DbClient, id: string, locale: "es" | "en", to: string) {
  const row = await db.newsletter.findUnique({ where: { id } });
  if (!row) throw notFound("Newsletter");
  const rendered = await renderNewsletter(row, locale);
  const { html, text } = personalise(rendered, previewToken());
  const sent = await sendEmail(db, {
    to,
    subject: translatorFor(locale, "emails")("testSubject", { subject: rendered.subject }),
    html,
    text,
    tag: "newsletter-test",
  });
  return { success: true, to, status: sent.status };
}
