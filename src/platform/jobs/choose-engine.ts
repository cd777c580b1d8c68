import { env } from "~/platform/env/env.js";

export type JobsProvider = "embedded" | "inngest";

interface ProviderSettings {
  JOBS_PROVIDER?: JobsProvider;
  INNGEST_EVENT_KEY?: string;
  INNGEST_DEV?: string;
  INNGEST_BASE_URL?: string;
}

/**
 * The one choice of the jobs' provider: JOBS_PROVIDER when set; unset, Inngest when one of its settings says
 * where to send events (Cloud, self-hosted or a dev server), the embedded engine otherwise.
 */
export function chooseProvider(settings: ProviderSettings): JobsProvider {
  if (settings.JOBS_PROVIDER) return settings.JOBS_PROVIDER;
  return settings.INNGEST_EVENT_KEY || settings.INNGEST_DEV || settings.INNGEST_BASE_URL ? "inngest" : "embedded";
}

/** This process's provider, chosen once from the validated environment. */
export const jobsProvider: JobsProvider = chooseProvider(env);
