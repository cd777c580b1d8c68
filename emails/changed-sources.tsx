import { Heading } from "@react-email/heading";
import { Link } from "@react-email/link";
import { Text } from "@react-email/text";
import { translatorFor } from "~/platform/i18n/translator.ts";
import { colors, EmailLayout } from "./_shared/layout.tsx";

interface ChangedSourcesProps {
  siteUrl: string;
  adminUrl: string;
  /** The articles one run of the link check flagged. */
  titles: string[];
}

/** The link check's one e-mail per run to the editors: which articles rest on a source whose text changed. */
export default function ChangedSources(props: ChangedSourcesProps) {
  const t = translatorFor("es", "emails");
  const intro = t("changedSourcesBody", { count: props.titles.length });
  return (
    <EmailLayout locale="es" preview={intro} siteUrl={props.siteUrl}>
      <Heading as="h1" style={{ fontSize: 22 }}>
        {t("changedSourcesHeading")}
      </Heading>
      <Text>{intro}</Text>
      {props.titles.map((title) => (
        <Text key={title}>• {title}</Text>
      ))}
      <Text>
        <Link href={props.adminUrl} style={{ color: colors.accent }}>
          {t("changedSourcesAction")}
        </Link>
      </Text>
    </EmailLayout>
  );
}

ChangedSources.PreviewProps = {
  siteUrl: "http://localhost:3000",
  adminUrl: "http://localhost:3000/admin",
  titles: ["La Oficina de IA recibe 1.200 contribuciones"],
} satisfies ChangedSourcesProps;
