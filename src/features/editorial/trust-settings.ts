import type { DbClient } from "~/platform/db/client.ts";
import type { TrustSettings } from "./schema.ts";

/** Until an admin saves them: no auto-publish of public-interest matters, no training on the site's content. */
export const DEFAULT_TRUST_SETTINGS: TrustSettings = {
  auto_publish_public_interest: false,
  contact_url: null,
  social: [],
  belongto: [],
  data_training_allowed: false,
};

export async function getTrustSettings(db: DbClient): Promise<TrustSettings> {
  const row = await db.trustSettings.findUnique({ where: { id: 1 } });
  if (!row) return { ...DEFAULT_TRUST_SETTINGS, social: [], belongto: [] };
  return {
    auto_publish_public_interest: row.auto_publish_public_interest,
    contact_url: row.contact_url,
    social: row.social,
    belongto: row.belongto,
    data_training_allowed: row.data_training_allowed,
  };
}

export async function saveTrustSettings(db: DbClient, settings: TrustSettings): Promise<TrustSettings> {
  await db.trustSettings.upsert({ where: { id: 1 }, create: { id: 1, ...settings }, update: settings });
  return getTrustSettings(db);
}

/** The agents' question before publishing on their own: may a public-interest matter skip human review? */
export async function publicInterestAutoPublishAllowed(db: DbClient): Promise<boolean> {
  return (await getTrustSettings(db)).auto_publish_public_interest;
}
