import type { DbClient } from "~/platform/db/client.ts";

/**
 * What both newsletter benches send: `subscribers` confirmed addresses (a quarter English) and a Top 5 of
 * ordinary length. Ids are zero-padded so keyset order equals insertion order (tokens are derived when mailing).
 */
export async function createBenchNewsletter(db: DbClient, subscribers: number, status: "draft" | "sending") {
  await db.$executeRawUnsafe(`
    INSERT INTO newsletter_subscriptions (id, email, subscribed, status, locale, confirmed_at, created_at, updated_at)
    SELECT 'bench' || lpad(g::text, 7, '0'), 'lector' || g || '@bench.example', true, 'confirmed',
           CASE WHEN g % 4 = 0 THEN 'en' ELSE 'es' END, now(), now(), now()
    FROM generate_series(1, ${subscribers}) g`);
  const items = Array.from({ length: 5 }, (_, i) => ({
    kind: "article",
    slug: `pieza-${i}`,
    title_es: `Desarrollo relevante número ${i + 1} sobre los riesgos de la IA`,
    title_en: `Relevant development number ${i + 1} on AI risks`,
    summary_es: "Un resumen de dos líneas que explica por qué esta pieza importa para la regulación y la seguridad.",
    summary_en: "A two-line summary explaining why this piece matters for regulation and safety.",
    sponsored: i === 4,
    date: new Date().toISOString(),
  }));
  return db.newsletter.create({
    data: {
      subject_es: "Top 5 de la semana",
      subject_en: "Top 5 of the week",
      intro_es: "Intro",
      intro_en: "Intro",
      items,
      week_start: new Date(),
      status,
    },
  });
}
