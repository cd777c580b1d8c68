import type { DbClient } from "~/platform/db/client.ts";
import type { PageInput } from "~/platform/http/common-schemas.ts";

/** The e-mail log / outbox for admins, newest first, without the HTML bodies (they can be large). */
export async function listEmailMessages(db: DbClient, input: PageInput & { status?: string; q?: string }) {
  const where = {
    ...(input.status ? { status: input.status as "queued" | "sent" | "failed" | "suppressed" } : {}),
    ...(input.q ? { to: { contains: input.q, mode: "insensitive" as const } } : {}),
  };
  const [items, total] = await Promise.all([
    db.emailMessage.findMany({
      where,
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
      select: {
        id: true,
        to: true,
        subject: true,
        tag: true,
        status: true,
        error: true,
        created_at: true,
        sent_at: true,
      },
    }),
    db.emailMessage.count({ where }),
  ]);
  return { items, total, page: input.page, pageSize: input.pageSize };
}
