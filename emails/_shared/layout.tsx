// Each component from its own package: the @react-email/components index also loads its Tailwind compiler,
// ~35 MB of RSS in every process that renders mail (the newsletter send among them).
import { Body } from "@react-email/body";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { ReactNode } from "react";
import { translatorFor } from "~/platform/i18n/translator.ts";

export const colors = { ink: "#14181f", muted: "#5b6472", accent: "#b42318", paper: "#f6f4ef", line: "#e2ded5" };

/** The frame every e-mail shares: brand header, content, and (for subscribers) the unsubscribe footer. */
export function EmailLayout(props: {
  locale: string;
  preview: string;
  /** The document title some clients and previews show (default: the brand and the preview text). */
  title?: string;
  siteUrl: string;
  unsubscribeUrl?: string;
  children: ReactNode;
}) {
  const t = translatorFor(props.locale, "emails");
  return (
    <Html lang={props.locale === "en" ? "en" : "es"}>
      <Head>
        <title>{props.title ?? `${t("brand")}: ${props.preview}`.slice(0, 120)}</title>
      </Head>
      <Preview>{props.preview}</Preview>
      <Body style={{ backgroundColor: colors.paper, fontFamily: "Helvetica, Arial, sans-serif", color: colors.ink }}>
        <Container style={{ maxWidth: 600, margin: "0 auto", padding: "24px", backgroundColor: "#ffffff" }}>
          <Section>
            <Link href={props.siteUrl} style={{ color: colors.accent, fontSize: 20, fontWeight: 700 }}>
              {t("brand")}
            </Link>
          </Section>
          {props.children}
          <Hr style={{ borderColor: colors.line, margin: "24px 0" }} />
          {props.unsubscribeUrl ? (
            <Text style={{ fontSize: 12, color: colors.muted }}>
              {t("footer")}{" "}
              <Link href={props.unsubscribeUrl} style={{ color: colors.accent, textDecoration: "underline" }}>
                {t("unsubscribe")}
              </Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}
