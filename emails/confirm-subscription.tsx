import { Button } from "@react-email/button";
import { Heading } from "@react-email/heading";
import { Text } from "@react-email/text";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { colors, EmailLayout } from "./_shared/layout.tsx";

interface ConfirmSubscriptionProps {
  locale: string;
  siteUrl: string;
  /** Absent when the address is already confirmed: the mail then only says so (no link to click). */
  confirmUrl?: string;
  unsubscribeUrl: string;
}

/** Double opt-in: the first e-mail a new subscriber receives. */
export default function ConfirmSubscription({ locale, siteUrl, confirmUrl, unsubscribeUrl }: ConfirmSubscriptionProps) {
  const t = translatorFor(locale, "emails");
  return (
    <EmailLayout locale={locale} preview={t("confirmPreview")} siteUrl={siteUrl} unsubscribeUrl={unsubscribeUrl}>
      <Heading as="h1" style={{ fontSize: 24 }}>
        {confirmUrl ? t("confirmHeading") : t("alreadyHeading")}
      </Heading>
      <Text>{confirmUrl ? t("confirmBody") : t("alreadyBody")}</Text>
      {confirmUrl ? (
        <>
          <Button
            href={confirmUrl}
            style={{ backgroundColor: colors.accent, color: "#ffffff", padding: "12px 20px", borderRadius: 6 }}
          >
            {t("confirmButton")}
          </Button>
          <Text style={{ fontSize: 12, color: colors.muted }}>{confirmUrl}</Text>
          <Text style={{ fontSize: 13, color: colors.muted }}>{t("confirmIgnore")}</Text>
        </>
      ) : null}
    </EmailLayout>
  );
}

ConfirmSubscription.PreviewProps = {
  locale: "es",
  siteUrl: "http://localhost:3000",
  confirmUrl: "http://localhost:3000/newsletter/confirmar?token=preview-token-preview-token-preview-token",
  unsubscribeUrl: "http://localhost:3000/unsubscribe?token=preview-token-preview-token-preview-token",
} satisfies ConfirmSubscriptionProps;
