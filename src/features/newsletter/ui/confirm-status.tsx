"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { api } from "~/trpc/react.tsx";
import { CheckIcon, ResultPanel } from "./result-panel.tsx";

/**
 * Double opt-in landing. The confirmation runs from the browser (a POST), not on the GET of the link, so mail
 * scanners that prefetch links cannot confirm an address on their own.
 */
export function ConfirmStatus({ token }: { token: string }) {
  const t = useTranslations("newsletterConfirm");
  const confirm = api.newsletter.confirm.useMutation();
  const [result, setResult] = useState<"processing" | "confirmed" | "invalid" | "expired">("processing");
  const started = useRef(false);
  const { mutateAsync } = confirm;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (token.length < 32) {
      setResult("invalid");
      return;
    }
    mutateAsync({ token })
      .then((r) => setResult(r.confirmed ? "confirmed" : r.expired ? "expired" : "invalid"))
      .catch(() => setResult("invalid"));
  }, [token, mutateAsync]);

  if (result === "processing")
    return (
      <ResultPanel
        testId="newsletter-confirm"
        state="processing"
        icon={<CheckIcon tone="muted" />}
        title={t("processing")}
      />
    );
  const ok = result === "confirmed";
  return (
    <ResultPanel
      testId="newsletter-confirm"
      state={result}
      icon={<CheckIcon tone={ok ? "success" : "muted"} />}
      title={ok ? t("title") : result === "expired" ? t("expiredTitle") : t("invalidTitle")}
      body={ok ? t("body") : result === "expired" ? t("expiredBody") : t("invalidBody")}
      homeLabel={t("home")}
      contactLabel={t("contact")}
    />
  );
}
