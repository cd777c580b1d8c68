import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { EmailLayout } from "./_shared/layout.tsx";

interface ReaderReportCorrectedProps {
  locale: string;
  siteUrl: string;
  articleTitle: string;
  articleUrl: string;
  correction: string;
}

/** Sent once to a reader who reported an error, when a correction to that article is published. */
export default function ReaderReportCorrected(props: ReaderReportCorrectedProps) {
  const t = translatorFor(props.locale, "readerReportEmails");
  return (
    <EmailLayout locale={props.locale} preview={t("correctedHeading")} siteUrl={props.siteUrl}>
      <Heading as="h1" style={{ fontSize: 22 }}>
        {t("correctedHeading")}
      </Heading>
      <Text>
        {t("correctedIntro")} <Link href={props.articleUrl}>{props.articleTitle}</Link>
      </Text>
      <Text style={{ whiteSpace: "pre-wrap" }}>{props.correction}</Text>
      <Text>{t("correctedThanks")}</Text>
    </EmailLayout>
  );
}

ReaderReportCorrected.PreviewProps = {
  locale: "es",
  siteUrl: "http://localhost:3000",
  articleTitle: "La Comisión publica las guías del AI Act",
  articleUrl: "http://localhost:3000/noticias/guias-ai-act",
  correction: "Corregido el 2 de diciembre: la consulta recibió 1.300 contribuciones, no 1.200.",
} satisfies ReaderReportCorrectedProps;
