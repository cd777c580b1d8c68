"use client";

import * as Dialog from "@radix-ui/react-dialog";
import * as Tabs from "@radix-ui/react-tabs";
import { useTranslations } from "next-intl";
import { Button } from "~/ui/button.tsx";

/**
 * docs/product.md §2 newsletter preview dialog: the rendered e-mail HTML in a sandboxed frame (no scripts, opaque
 * origin), in both languages. The HTML comes from GET /api/admin/newsletters/{id}/preview.
 */
export function NewsletterPreviewDialog({
  id,
  subject,
  open,
  onOpenChange,
}: {
  id: string;
  subject: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations("adminNewsletters");
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          data-testid="newsletter-preview"
          className="fixed left-1/2 top-1/2 z-50 flex h-[90vh] w-[min(96vw,52rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-surface p-5 shadow-xl"
        >
          <Dialog.Title className="font-serif text-xl font-bold">{t("previewTitle")}</Dialog.Title>
          <Dialog.Description className="text-sm text-muted">{subject}</Dialog.Description>
          <Tabs.Root defaultValue="es" className="mt-3 flex min-h-0 flex-1 flex-col">
            <Tabs.List className="flex gap-1 border-b border-ink/15">
              {(["es", "en"] as const).map((l) => (
                <Tabs.Trigger
                  key={l}
                  value={l}
                  className="px-3 py-2 text-sm font-semibold text-muted data-[state=active]:border-b-2 data-[state=active]:border-accent data-[state=active]:text-ink"
                >
                  {l === "es" ? t("spanish") : t("english")}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {(["es", "en"] as const).map((l) => (
              <Tabs.Content key={l} value={l} className="min-h-0 flex-1 data-[state=active]:flex">
                <iframe
                  title={`${t("previewTitle")} (${l})`}
                  src={`/api/admin/newsletters/${encodeURIComponent(id)}/preview?locale=${l}`}
                  sandbox=""
                  referrerPolicy="no-referrer"
                  className="mt-3 h-full w-full flex-1 rounded border border-ink/15 bg-white"
                  data-testid={`newsletter-preview-frame-${l}`}
                />
              </Tabs.Content>
            ))}
          </Tabs.Root>
          <div className="mt-4 flex justify-end">
            <Dialog.Close asChild>
              <Button variant="outline">{t("close")}</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
