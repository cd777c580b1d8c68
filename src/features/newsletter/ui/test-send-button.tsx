"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { useErrorText } from "~/ui/error-text.ts";
import { toast } from "~/ui/toast.ts";

/** "Enviar prueba": one copy, in the chosen language, to the signed-in editor's own address; nothing is marked sent. */
export function TestSendButton({ id }: { id: string }) {
  const t = useTranslations("adminDesk.testSend");
  const errorText = useErrorText();
  const [locale, setLocale] = useState<"es" | "en">("es");
  const send = api.admin.newsletters.sendTest.useMutation({
    onSuccess: (r) => toast.success(t("sent", { to: r.to })),
    onError: (err) => toast.error(t("failed"), { description: errorText(err) }),
  });
  return (
    <span className="inline-flex items-center gap-1">
      <select
        aria-label={t("language")}
        className="rounded-md border border-ink/25 bg-surface px-1 py-1 text-xs"
        value={locale}
        onChange={(e) => setLocale(e.target.value === "en" ? "en" : "es")}
        data-testid="newsletter-test-locale"
      >
        <option value="es">ES</option>
        <option value="en">EN</option>
      </select>
      <Button
        variant="ghost"
        size="sm"
        disabled={send.isPending}
        onClick={() => send.mutate({ id, locale })}
        data-testid="newsletter-test-send"
      >
        {t("button")}
      </Button>
    </span>
  );
}
