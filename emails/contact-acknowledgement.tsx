import { Heading, Section, Text } from "@react-email/components";
import { copyFor } from "./_shared/copy.ts";
import { colors, EmailLayout } from "./_shared/layout.tsx";

export interface ContactAcknowledgementProps {
  locale: string;
  siteUrl: string;
  name: string;
  message: string;
}

/** Sent to the person who used the contact form, in the language of the page they wrote from. */
export default function ContactAcknowledgement({ locale, siteUrl, name, message }: ContactAcknowledgementProps) {
  const copy = copyFor(locale);
  return (
    <EmailLayout locale={locale} preview={copy.contactAckBody} siteUrl={siteUrl}>
      <Heading as="h1" style={{ fontSize: 22 }}>
        {copy.contactAckHeading}, {name}
      </Heading>
      <Text>{copy.contactAckBody}</Text>
      <Text style={{ color: colors.muted }}>{copy.contactAckQuote}</Text>
      <Section style={{ borderLeft: `3px solid ${colors.line}`, paddingLeft: 12 }}>
        <Text style={{ whiteSpace: "pre-wrap", color: colors.muted }}>{message}</Text>
      </Section>
    </EmailLayout>
  );
}

ContactAcknowledgement.PreviewProps = {
  locale: "es",
  siteUrl: "http://localhost:3000",
  name: "Ana",
  message: "Nos gustaría organizar una formación sobre el AI Act para nuestro equipo.",
} satisfies ContactAcknowledgementProps;
