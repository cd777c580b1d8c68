import type { DbClient } from "~/platform/db/client.ts";
import { notFound } from "~/platform/errors.ts";
import type { PageInput } from "~/platform/http/common-schemas.ts";

/** Contact messages for admins, newest first. */
export async function listContactMessages(db: DbClient, input: PageInput) {
  const [items, total] = await Promise.all([
    db.contactMessage.findMany({
      orderBy: [{ created_at: "desc" }, { id: "desc" }],
      skip: (input.page - 1) * input.pageSize,
      take: input.pageSize,
      select: {
        id: true,
        name: true,
        email: true,
        organization: true,
        reason: true,
        message: true,
        locale: true,
        created_at: true,
        notified_at: true,
        read_at: true,
      },
    }),
    db.contactMessage.count(),
  ]);
  return { items, total, page: input.page, pageSize: input.pageSize };
}

export async function markContactMessageRead(db: DbClient, id: string) {
  const res = await db.contactMessage.updateMany({ where: { id, read_at: null }, data: { read_at: new Date() } });
  if (res.count === 0 && !(await db.contactMessage.findUnique({ where: { id } }))) throw notFound("Contact message");
  return { success: true };
}
