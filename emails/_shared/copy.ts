/**
 * E-mail copy in both languages. E-mails are rendered outside next-intl (jobs, webhooks, previews), so their
 * texts live here, next to the templates; Spanish is the reference text.
 */
const emailCopy = {
  es: {
    brand: "Riesgos IA",
    footer: "Recibes este correo porque te suscribiste al newsletter de Riesgos IA.",
    unsubscribe: "Darse de baja",
    confirmSubject: "Confirma tu suscripción a Riesgos IA",
    confirmPreview: "Un clic para recibir el Top 5 de la semana",
    confirmHeading: "Confirma tu suscripción",
    confirmBody:
      "Gracias por suscribirte al Top 5 de la semana: cada viernes, los cinco desarrollos más relevantes sobre los riesgos de la IA.",
    confirmButton: "Confirmar suscripción",
    confirmIgnore: "Si no has pedido esta suscripción, ignora este correo: no te escribiremos más.",
    alreadySubject: "Ya estás suscrito a Riesgos IA",
    alreadyHeading: "Ya estás suscrito",
    alreadyBody:
      "Alguien (seguramente tú) ha vuelto a pedir la suscripción con esta dirección. No tienes que hacer nada.",
    sponsored: "Novedad de la industria",
    readMore: "Leer más",
    weeklyHeading: "Top 5 de la semana",
    contactNoticeSubject: "Nuevo mensaje de contacto",
    contactNoticeHeading: "Nuevo mensaje desde /contacto",
    contactAckSubject: "Hemos recibido tu mensaje",
    contactAckHeading: "Gracias por escribirnos",
    contactAckBody: "Hemos recibido tu mensaje y te responderemos en menos de 24 horas en días laborables.",
    labels: { name: "Nombre", email: "Email", organization: "Organización", reason: "Motivo", message: "Mensaje" },
  },
  en: {
    brand: "Riesgos IA",
    footer: "You receive this e-mail because you subscribed to the Riesgos IA newsletter.",
    unsubscribe: "Unsubscribe",
    confirmSubject: "Confirm your Riesgos IA subscription",
    confirmPreview: "One click to receive the weekly Top 5",
    confirmHeading: "Confirm your subscription",
    confirmBody:
      "Thanks for subscribing to the Top 5 of the week: every Friday, the five most relevant developments on AI risks.",
    confirmButton: "Confirm subscription",
    confirmIgnore: "If you did not ask for this subscription, ignore this e-mail: we will not write again.",
    alreadySubject: "You are already subscribed to Riesgos IA",
    alreadyHeading: "You are already subscribed",
    alreadyBody: "Someone (probably you) asked to subscribe this address again. There is nothing you need to do.",
    sponsored: "Industry update",
    readMore: "Read more",
    weeklyHeading: "Top 5 of the week",
    contactNoticeSubject: "New contact message",
    contactNoticeHeading: "New message from /contacto",
    contactAckSubject: "We have received your message",
    contactAckHeading: "Thank you for writing to us",
    contactAckBody: "We have received your message and will reply within 24 hours on working days.",
    labels: { name: "Name", email: "Email", organization: "Organisation", reason: "Reason", message: "Message" },
  },
} as const;

export const copyFor = (locale: string) => emailCopy[locale === "en" ? "en" : "es"];
