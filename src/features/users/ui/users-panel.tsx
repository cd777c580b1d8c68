"use client";

import { TRPCClientError } from "@trpc/client";
import { useTranslations } from "next-intl";
import { api } from "~/trpc/react.tsx";
import { Button } from "~/ui/button.tsx";
import { toast } from "~/ui/toast.ts";

/** Promote/demote users (the server refuses to demote the last admin with 409). */
export function UsersPanel({ currentUserId }: { currentUserId?: string }) {
  const t = useTranslations("admin.users");
  const utils = api.useUtils();
  const users = api.admin.users.list.useQuery();
  const onDone = (key: "promoted" | "demoted") => (user: { username: string }) => {
    toast.success(t(key, { username: user.username }));
    void utils.admin.users.list.invalidate();
  };
  const onError = (err: unknown) => {
    const conflict = err instanceof TRPCClientError && (err.data as { code?: string } | undefined)?.code === "CONFLICT";
    toast.error("Error", { description: conflict ? t("lastAdmin") : t("updateError") });
  };
  const promote = api.admin.users.promote.useMutation({ onSuccess: onDone("promoted"), onError });
  const demote = api.admin.users.demote.useMutation({ onSuccess: onDone("demoted"), onError });
  const busy = promote.isPending || demote.isPending;

  return (
    <section className="mt-6 rounded-xl border border-ink/15 bg-surface p-5" data-testid="admin-users">
      <h2 className="font-serif text-2xl font-bold">{t("title")}</h2>
      <p className="mt-1 text-sm text-muted">{t("description")}</p>
      {users.isPending ? (
        <p className="mt-4 text-sm text-muted">{t("loading")}</p>
      ) : users.isError ? (
        <p className="mt-4 text-sm text-red-700">{t("loadError")}</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-ink/15 text-muted">
              <tr>
                <th className="py-2 pr-4 font-semibold">{t("username")}</th>
                <th className="py-2 pr-4 font-semibold">{t("email")}</th>
                <th className="py-2 pr-4 font-semibold">{t("role")}</th>
                <th className="py-2 pr-4 font-semibold">{t("since")}</th>
                <th className="py-2 font-semibold">{t("actions")}</th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((u) => (
                <tr key={u.id} className="border-b border-ink/10" data-testid="admin-user-row">
                  <td className="py-2 pr-4 font-semibold">
                    {u.username} {u.id === currentUserId && <span className="font-normal text-muted">{t("you")}</span>}
                  </td>
                  <td className="py-2 pr-4">{u.email}</td>
                  <td className="py-2 pr-4">{u.role === "admin" ? t("roleAdmin") : t("roleUser")}</td>
                  <td className="py-2 pr-4">{u.created_at.toLocaleDateString("es-ES")}</td>
                  <td className="py-2">
                    {u.role === "admin" ? (
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={busy}
                        onClick={() => demote.mutate({ userId: u.id })}
                      >
                        {t("demote")}
                      </Button>
                    ) : (
                      <Button
                        size="sm"
                        variant="secondary"
                        disabled={busy}
                        onClick={() => promote.mutate({ userId: u.id })}
                      >
                        {t("promote")}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
