import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { colors, EmailLayout } from "./_shared/layout.tsx";

interface WeeklyNewsletterItem {
  title: string;
  summary: string;
  url: string;
  sponsored: boolean;
}

interface WeeklyNewsletterProps {
  locale: string;
  siteUrl: string;
  subject: string;
  intro: string;
  items: WeeklyNewsletterItem[];
  unsubscribeUrl: string;
  /** The page in the public archive ("View in browser"), once it has one. */
  webUrl?: string;
}

/** The Friday 'Top 5 of the week': intro, then the five ranked items (sponsored ones always labelled). */
export default function WeeklyNewsletter({
  locale,
  siteUrl,
  subject,
  intro,
  items,
  unsubscribeUrl,
  webUrl,
}: WeeklyNewsletterProps) {
  const t = translatorFor(locale, "emails");
  return (
    <EmailLayout locale={locale} preview={intro} siteUrl={siteUrl} unsubscribeUrl={unsubscribeUrl}>
      {webUrl ? (
        <Text style={{ fontSize: 12, margin: "8px 0 0", textAlign: "right" }}>
          <Link href={webUrl} style={{ color: colors.muted, textDecoration: "underline" }}>
            {t("viewInBrowser")}
          </Link>
        </Text>
      ) : null}
      <Text style={{ fontSize: 12, letterSpacing: 1, textTransform: "uppercase", color: colors.muted }}>
        {t("weeklyHeading")}
      </Text>
      <Heading as="h1" style={{ fontSize: 24 }}>
        {subject}
      </Heading>
      <Text>{intro}</Text>
      {items.map((item, i) => (
        <Section key={item.url} style={{ borderTop: `1px solid ${colors.line}`, paddingTop: 12, marginTop: 12 }}>
          {item.sponsored ? (
            <Text style={{ fontSize: 11, fontWeight: 700, color: colors.accent, margin: 0 }}>{t("sponsored")}</Text>
          ) : null}
          <Heading as="h2" style={{ fontSize: 18, margin: "4px 0" }}>
            {i + 1}.{" "}
            <Link href={item.url} style={{ color: colors.ink }}>
              {item.title}
            </Link>
          </Heading>
          <Text style={{ margin: "4px 0" }}>{item.summary}</Text>
          <Link href={item.url} style={{ color: colors.accent, fontSize: 14 }}>
            {t("readMore")} →
          </Link>
        </Section>
      ))}
    </EmailLayout>
  );
}

WeeklyNewsletter.PreviewProps = {
  locale: "es",
  siteUrl: "http://localhost:3000",
  subject: "Top 5 de la semana: la IA bajo la lupa",
  intro: "Los cinco desarrollos más relevantes sobre los riesgos de la IA de esta semana.",
  items: [
    {
      title: "La UE aprueba las guías del AI Act",
      summary: "Qué cambia para los proveedores de modelos de propósito general.",
      url: "http://localhost:3000/noticias/ai-act",
      sponsored: false,
    },
    {
      title: "Nuevo informe de seguridad de modelos",
      summary: "Evaluaciones de capacidades peligrosas en modelos frontera.",
      url: "http://localhost:3000/noticias/informe",
      sponsored: false,
    },
    {
      title: "Herramienta de auditoría de sesgos",
      summary: "Una plataforma para auditar sistemas de decisión automatizada.",
      url: "http://localhost:3000/noticias/auditoria",
      sponsored: true,
    },
  ],
  unsubscribeUrl: "http://localhost:3000/unsubscribe?token=preview-token-preview-token-preview-token",
  webUrl: "http://localhost:3000/newsletter/top-5-2026-11-27",
} satisfies WeeklyNewsletterProps;
