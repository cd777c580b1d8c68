import type { DbClient } from "~/platform/db/client.ts";
import { notFound } from "~/platform/errors.ts";

const select = {
  id: true,
  email: true,
  subscribed: true,
  status: true,
  source: true,
  locale: true,
  created_at: true,
  confirmed_at: true,
} as const;

/** Subscriptions for admins: newest first, optional e-mail search, page by page. */
export async function listSubscriptions(db: DbClient, input: { q?: string; page: number; pageSize: number }) {
  const where = input.q ? { email: { contains: input.q, mode: "insensitive" as const } } : {};
  const [items, total] = await Promise.all([
    db.newsletterSubscription.findMany({
      where,
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
      select,
    }),
    db.newsletterSubscription.count({ where }),
  ]);
  return { items, total, page: input.page, pageSize: input.pageSize };
}

export async function deleteSubscription(db: DbClient, email: string) {
  const res = await db.newsletterSubscription.deleteMany({ where: { email } });
  if (res.count === 0) throw notFound("Subscription");
  return { success: true };
}

const csvCell = (v: unknown) => {
  const s = v instanceof Date ? v.toISOString() : v == null ? "" : String(v);
  // Quote always; neutralise spreadsheet formulas (CSV injection) with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return `"${safe.replaceAll('"', '""')}"`;
};

/** All subscriptions as CSV, streamed page by page (keyset on id) so memory stays flat. */
export async function* subscriptionsCsv(db: DbClient, pageSize = 1000): AsyncGenerator<string> {
  yield "email,estado,activa,origen,idioma,fecha_alta,fecha_confirmacion\n";
  let cursor: string | undefined;
  for (;;) {
    const page = await db.newsletterSubscription.findMany({
      where: cursor ? { id: { gt: cursor } } : {},
      orderBy: { id: "asc" },
      take: pageSize,
      select,
    });
    if (page.length === 0) return;
    cursor = page[page.length - 1]!.id;
    yield page
      .map((s) =>
        [s.email, s.status, s.subscribed ? "Activa" : "Inactiva", s.source, s.locale, s.created_at, s.confirmed_at]
          .map(csvCell)
          .join(","),
      )
      .join("\n")
      .concat("\n");
  }
}
