"use client";

import { Button } from "~/ui/button.tsx";

/**
 * The pager's texts: a translator of a namespace with `previous`, `next` and `page` (given page, pages and the
 * total count of rows), as every admin list has.
 */
type PagerTexts = (
  key: "previous" | "next" | "page",
  values?: { page: number; pages: number; total: number },
) => string;

/** Previous / next with "Página x de y"; nothing while the list has not loaded (`total` undefined) or fits one page. */
export function Pager(props: {
  page: number;
  pageSize: number;
  total: number | undefined;
  onPage: (page: number) => void;
  t: PagerTexts;
}) {
  const { page, t } = props;
  if (props.total === undefined) return null;
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (pages <= 1) return null;
  const label = t("page", { page, pages, total: props.total });
  return (
    <nav className="flex items-center justify-between gap-3 pt-3 text-sm" aria-label={label}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => props.onPage(page - 1)}>
        {t("previous")}
      </Button>
      <span className="text-muted">{label}</span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => props.onPage(page + 1)}>
        {t("next")}
      </Button>
    </nav>
  );
}

export const tableClass = "w-full border-collapse text-left text-sm";
const thClass = "border-b border-ink/20 px-3 py-2 text-xs font-semibold uppercase tracking-wide text-muted";
export const tdClass = "border-b border-ink/10 px-3 py-2 align-top";

/** The header row of an admin table; `actions` names a last, visually empty column of row buttons. */
export function AdminTableHead({ columns, actions }: { columns: string[]; actions?: string }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c} className={thClass}>
            {c}
          </th>
        ))}
        {actions ? (
          <th className={thClass}>
            <span className="sr-only">{actions}</span>
          </th>
        ) : null}
      </tr>
    </thead>
  );
}
