import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { colors, EmailLayout } from "./_shared/layout.tsx";

interface NewsletterAlertProps {
  siteUrl: string;
  adminUrl: string;
  title: string;
  message: string;
}

/** A newsletter health alert for the editors (Spanish: the newsroom's language). */
export default function NewsletterAlert(props: NewsletterAlertProps) {
  const t = translatorFor("es", "emails");
  return (
    <EmailLayout locale="es" preview={props.message} siteUrl={props.siteUrl}>
      <Heading as="h1" style={{ fontSize: 22 }}>
        {props.title}
      </Heading>
      <Text>{props.message}</Text>
      <Text>
        {t("alertBody")}{" "}
        <Link href={props.adminUrl} style={{ color: colors.accent }}>
          {t("alertAction")}
        </Link>
      </Text>
    </EmailLayout>
  );
}

NewsletterAlert.PreviewProps = {
  siteUrl: "http://localhost:3000",
  adminUrl: "http://localhost:3000/admin/newsletters",
  title: "Avisos del newsletter",
  message: "El envío de «Top 5» ha fallado: 500: An unexpected error occurred.",
} satisfies NewsletterAlertProps;
