import { NonRetriableError } from "inngest";

type UnavailableCode = "providerNotConfigured" | "missingMaterial" | "noNewItems";

/**
 * A provider that cannot be used at all (no key configured, editor material missing…): retrying cannot help,
 * so Inngest and the in-process dispatcher both stop at once. `code`/`params` let the admin UI show a
 * translated reason.
 */
export class ProviderUnavailableError extends NonRetriableError {
  readonly code: UnavailableCode;
  readonly params: Record<string, string>;

  constructor(code: UnavailableCode, message: string, params: Record<string, string> = {}) {
    super(message);
    this.name = "NonRetriableError";
    this.code = code;
    this.params = params;
  }
}

export const notConfigured = (variable: string, provider: string) =>
  new ProviderUnavailableError("providerNotConfigured", `${provider} is not configured: set ${variable}`, {
    variable,
    provider,
  });
