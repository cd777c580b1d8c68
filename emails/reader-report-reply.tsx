import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { EmailLayout } from "./_shared/layout.tsx";

interface ReaderReportReplyProps {
  locale: string;
  siteUrl: string;
  articleTitle: string;
  articleUrl: string;
  reply: string;
}

/** The desk's answer to a reader who reported an error and left an address. */
export default function ReaderReportReply({
  locale,
  siteUrl,
  articleTitle,
  articleUrl,
  reply,
}: ReaderReportReplyProps) {
  const t = translatorFor(locale, "readerReportEmails");
  return (
    <EmailLayout locale={locale} preview={t("replyHeading")} siteUrl={siteUrl}>
      <Heading as="h1" style={{ fontSize: 22 }}>
        {t("replyHeading")}
      </Heading>
      <Text>
        {t("replyIntro")} <Link href={articleUrl}>{articleTitle}</Link>
      </Text>
      <Text style={{ whiteSpace: "pre-wrap" }}>{reply}</Text>
    </EmailLayout>
  );
}

ReaderReportReply.PreviewProps = {
  locale: "es",
  siteUrl: "http://localhost:3000",
  articleTitle: "La Comisión publica las guías del AI Act",
  articleUrl: "http://localhost:3000/noticias/guias-ai-act",
  reply: "Gracias: la cifra era de 2024. La hemos comprobado con la fuente.",
} satisfies ReaderReportReplyProps;
