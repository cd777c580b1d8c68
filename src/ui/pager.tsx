"use client";

import { Button } from "~/ui/button.tsx";

/** Previous / next with "Página x de y". */
export function Pager(props: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  labels: { previous: string; next: string; page: (page: number, pages: number) => string };
}) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  if (pages <= 1) return null;
  return (
    <nav
      className="flex items-center justify-between gap-3 pt-3 text-sm"
      aria-label={props.labels.page(props.page, pages)}
    >
      <Button variant="outline" size="sm" disabled={props.page <= 1} onClick={() => props.onPage(props.page - 1)}>
        {props.labels.previous}
      </Button>
      <span className="text-muted">{props.labels.page(props.page, pages)}</span>
      <Button variant="outline" size="sm" disabled={props.page >= pages} onClick={() => props.onPage(props.page + 1)}>
        {props.labels.next}
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
