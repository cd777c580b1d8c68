import { createElement } from "react";
import { describe, expect, it } from "vitest";
import { renderEmail } from "~/features/mail/render.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import ConfirmSubscription from "../../emails/confirm-subscription.tsx";
import ContactNotification from "../../emails/contact-notification.tsx";

describe("e-mail templates", () => {
  it("keep the contact message's line breaks in the HTML (<br>) and in the plain-text part", async () => {
    const { html, text } = await renderEmail(
      createElement(ContactNotification, {
        ...ContactNotification.PreviewProps,
        message: "Primera línea\nSegunda línea\r\nTercera",
      }),
    );
    expect(html).toMatch(/Primera línea<br\/?>Segunda línea<br\/?>Tercera/);
    expect(text).toMatch(/Primera línea\nSegunda línea\nTercera/);
    expect(html).toMatch(/<title>Riesgos IA: [^<]+<\/title>/);
  });

  it("have a <title>, and an unsubscribe link that looks like a link", async () => {
    const { html } = await renderEmail(
      createElement(ConfirmSubscription, {
        ...ConfirmSubscription.PreviewProps,
        unsubscribeUrl: "https://x.example/u",
      }),
    );
    expect(html).toMatch(/<title>[^<]+<\/title>/);
    expect(html).toMatch(/<a href="https:\/\/x\.example\/u"[^>]*style="[^"]*text-decoration:underline/);
  });

  it("read their texts from the catalog in the mail's language (Spanish for an unknown one)", async () => {
    const render = (locale: string) =>
      renderEmail(createElement(ConfirmSubscription, { ...ConfirmSubscription.PreviewProps, locale }));
    expect((await render("en")).text).toContain("Thanks for subscribing to the Top 5 of the week");
    expect((await render("en")).html).toContain('lang="en"');
    expect((await render("es")).text).toContain("Gracias por suscribirte al Top 5 de la semana");
    expect((await render("fr")).text).toContain(
      "Recibes este correo porque te suscribiste al newsletter de Riesgos IA.",
    );
    expect(translatorFor("es", "emails")("contactNoticeSubject", { name: "Ana", reason: "training" })).toBe(
      "Nuevo mensaje de contacto: Ana (training)",
    );
  });
});
