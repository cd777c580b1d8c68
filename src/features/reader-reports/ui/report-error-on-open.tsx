"use client";

import { type ComponentType, useEffect, useRef, useState } from "react";
import { type DeferredTexts, deferredTexts } from "~/platform/i18n/deferred-texts.ts";
import { useLocale } from "~/platform/i18n/link.tsx";
import type { ReportErrorFormProps } from "./report-error-form.tsx";

/**
 * The report form's place inside its disclosure: the form's code and texts are fetched when the reader opens
 * the disclosure (or if it is open already when the page hydrates), not with every article page.
 */
export function ReportErrorOnOpen({ slug }: { slug: string }) {
  const locale = useLocale();
  const place = useRef<HTMLDivElement>(null);
  const [form, setForm] = useState<{
    Form: ComponentType<ReportErrorFormProps>;
    texts: DeferredTexts<"readerReports">;
  }>();

  useEffect(() => {
    const details = place.current?.closest("details");
    if (!details) return;
    let requested = false;
    const load = () => {
      if (requested || !details.open) return;
      requested = true;
      void Promise.all([import("./report-error-form.tsx"), deferredTexts("readerReports", locale)]).then(
        ([{ ReportErrorForm }, texts]) => setForm({ Form: ReportErrorForm, texts }),
        () => {
          // Offline: the next opening asks again.
          requested = false;
        },
      );
    };
    load();
    details.addEventListener("toggle", load);
    return () => details.removeEventListener("toggle", load);
  }, [locale]);

  return <div ref={place}>{form && <form.Form slug={slug} texts={form.texts} />}</div>;
}
