import { Heading } from "@react-email/heading";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { colors, EmailLayout } from "./_shared/layout.tsx";

interface ContactNotificationProps {
  siteUrl: string;
  name: string;
  email: string;
  organization: string;
  reason: string;
  message: string;
  locale: string;
}

/** Sent to the editors for every contact message (always in Spanish: the newsroom's language). */
export default function ContactNotification(props: ContactNotificationProps) {
  const t = translatorFor("es", "emails");
  const rows: [string, string][] = [
    [t("labels.name"), props.name],
    [t("labels.email"), props.email],
    [t("labels.organization"), props.organization || "—"],
    [t("labels.reason"), props.reason],
  ];
  return (
    <EmailLayout locale="es" preview={`${props.name}: ${props.reason}`} siteUrl={props.siteUrl}>
      <Heading as="h1" style={{ fontSize: 22 }}>
        {t("contactNoticeHeading")}
      </Heading>
      {rows.map(([label, value]) => (
        <Text key={label} style={{ margin: "2px 0" }}>
          <strong>{label}:</strong> {value}
        </Text>
      ))}
      <Text style={{ margin: "2px 0", color: colors.muted }}>({props.locale})</Text>
      <Section style={{ borderLeft: `3px solid ${colors.line}`, paddingLeft: 12, marginTop: 12 }}>
        {/* <br> per line: Outlook ignores white-space, and the plain-text part keeps a newline for each. */}
        <Text style={{ whiteSpace: "pre-wrap" }}>
          {props.message.split(/\r?\n/).flatMap((line, i) =>
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one fixed text: their order is their identity
            i === 0 ? [line] : [<br key={i} />, line],
          )}
        </Text>
      </Section>
    </EmailLayout>
  );
}

ContactNotification.PreviewProps = {
  siteUrl: "http://localhost:3000",
  name: "Ana Pérez",
  email: "ana@example.org",
  organization: "Fundación Ejemplo",
  reason: "training",
  message: "Nos gustaría organizar una formación sobre el AI Act para nuestro equipo.",
  locale: "es",
} satisfies ContactNotificationProps;
