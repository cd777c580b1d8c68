import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { EmailLayout } from "./_shared/layout.tsx";

interface ContactAcknowledgementProps {
  locale: string;
  siteUrl: string;
}

/**
 * Sent to the address typed in the contact form, in the language of the page they wrote from. It carries
 * nothing the visitor wrote (no name, no message): anyone can type any address there, so repeating their
 * text would let the form relay mail to strangers.
 */
export default function ContactAcknowledgement({ locale, siteUrl }: ContactAcknowledgementProps) {
  const t = translatorFor(locale, "emails");
  return (
    <EmailLayout locale={locale} preview={t("contactAckBody")} siteUrl={siteUrl}>
      <Heading as="h1" style={{ fontSize: 22 }}>
        {t("contactAckHeading")}
      </Heading>
      <Text>{t("contactAckBody")}</Text>
    </EmailLayout>
  );
}

ContactAcknowledgement.PreviewProps = {
  locale: "es",
  siteUrl: "http://localhost:3000",
} satisfies ContactAcknowledgementProps;
