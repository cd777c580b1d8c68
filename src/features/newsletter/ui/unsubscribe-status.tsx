"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { postJson } from "~/ui/post-json.ts";
import { CheckIcon, ResultPanel } from "./result-panel.tsx";

/** docs/product.md §5: a token under 32 characters is not sent at all. */
const MIN_TOKEN = 32;

/**
 * docs/product.md §2/§4 /unsubscribe: 'Procesando tu solicitud...' and then, whatever happened (no token, short token,
 * failed call, refusal), '¡Desuscripción Exitosa!'. Failures are only logged.
 */
export function UnsubscribeStatus({ token }: { token: string }) {
  const t = useTranslations("unsubscribePage");
  const [done, setDone] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return; // React strict mode runs effects twice in development
    started.current = true;
    if (token.length < MIN_TOKEN) {
      setDone(true);
      return;
    }
    postJson("/api/newsletter/unsubscribe", { token })
      // The page reads the same either way; the server logs a failure and the e-mail's link can be used again.
      .catch(() => {})
      .finally(() => setDone(true));
  }, [token]);

  return done ? (
    <ResultPanel
      testId="unsubscribe"
      state="done"
      icon={<CheckIcon tone="success" />}
      title={t("title")}
      body={t("body")}
      homeLabel={t("home")}
      contactLabel={t("contact")}
    />
  ) : (
    <ResultPanel testId="unsubscribe" state="processing" icon={<CheckIcon tone="muted" />} title={t("processing")} />
  );
}
