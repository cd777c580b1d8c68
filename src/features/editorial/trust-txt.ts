import type { TrustSettings } from "./schema.ts";

/**
 * /trust.txt in JournalList's format (https://journallist.net/reference-document-for-trust-txt-specifications):
 * one `variable=value` per line, `#` comments. `contact=` is the settings' URL or the site's contact page;
 * `disclosure=` the page of our policies; `datatrainingallowed=` is yes or no.
 */
export function trustTxt(settings: TrustSettings, site: { contactUrl: string; policiesUrl: string }): string {
  const lines = [
    "# Riesgos IA trust.txt (https://journallist.net)",
    ...settings.belongto.map((url) => `belongto=${url}`),
    ...settings.social.map((url) => `social=${url}`),
    `contact=${settings.contact_url ?? site.contactUrl}`,
    `disclosure=${site.policiesUrl}`,
    `datatrainingallowed=${settings.data_training_allowed ? "yes" : "no"}`,
  ];
  return `${lines.join("\n")}\n`;
}
