"use client";

import { AdminTableHead, tableClass, tdClass } from "~/ui/pager.tsx";
import type { Point } from "./traffic-chart.tsx";

export interface Ranked {
  value: string;
  views: number;
  visitors: number;
}

/** Rows of a label with its visitors and views, the shape of every table here. */
function FigureRows({
  rows,
}: {
  rows: { key: string; label: string; visitors: number; views: number; value?: string }[];
}) {
  return (
    <tbody>
      {rows.map((r) => (
        <tr key={r.key} data-value={r.value}>
          <td className={`${tdClass} break-all`}>{r.label}</td>
          <td className={tdClass}>{r.visitors}</td>
          <td className={tdClass}>{r.views}</td>
        </tr>
      ))}
    </tbody>
  );
}

/** A dimension's top values as a table (the accessible form of the figures). */
export function RankedTable(props: {
  title: string;
  rows: Ranked[];
  columns: [string, string, string];
  empty: string;
  label?: (value: string) => string;
  testId: string;
}) {
  return (
    <div className="overflow-x-auto">
      <h3 className="mb-2 font-semibold">{props.title}</h3>
      {props.rows.length === 0 ? (
        <p className="text-sm text-muted">{props.empty}</p>
      ) : (
        <table className={tableClass} data-testid={props.testId}>
          <AdminTableHead columns={props.columns} />
          <FigureRows
            rows={props.rows.map((r) => ({ ...r, key: r.value, label: props.label ? props.label(r.value) : r.value }))}
          />
        </table>
      )}
    </div>
  );
}

/** The series as a table, for screen readers and keyboard users (the chart itself is hidden from them). */
export function SeriesTable({ caption, points, columns }: { caption: string; points: Point[]; columns: string[] }) {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer text-muted">{caption}</summary>
      <table className={tableClass}>
        <AdminTableHead columns={columns} />
        <FigureRows rows={points.map((p) => ({ ...p, key: p.label }))} />
      </table>
    </details>
  );
}
