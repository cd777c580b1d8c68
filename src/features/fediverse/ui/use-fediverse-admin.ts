"use client";

import { useTranslations } from "next-intl";
import { api } from "~/trpc/react.tsx";
import { useErrorText } from "~/ui/error-text.ts";
import { toast } from "~/ui/toast.ts";
import type { FediverseOverview } from "../admin-schema.ts";

/** The tab's one read: every section shows a part of it, and every save answers with it anew. */
export const useFediverseOverview = () => api.admin.fediverse.overview.useQuery(undefined);

/** What a section's save does on its answer: the shared read replaced, a toast either way. */
export function useOverviewUpdate(successText: string) {
  const utils = api.useUtils();
  const errorText = useErrorText();
  return {
    onSuccess: (next: FediverseOverview) => {
      utils.admin.fediverse.overview.setData(undefined, next);
      toast.success(successText);
    },
    onError: (e: unknown) => toast.error(errorText(e)),
  };
}

export const useAdminFediverseTexts = () => useTranslations("adminFediverse");
