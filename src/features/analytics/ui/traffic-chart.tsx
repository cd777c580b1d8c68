"use client";

import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

export interface Point {
  label: string;
  views: number;
  visitors: number;
}

/**
 * Views and visitors over time. The chart is decorative for assistive technology (aria-hidden): the same
 * figures are in the table that follows it.
 */
export function TrafficChart({ points, labels }: { points: Point[]; labels: { views: string; visitors: string } }) {
  return (
    <div aria-hidden="true" className="h-56 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart accessibilityLayer={false} data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#d9d4c7" />
          <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={16} />
          <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
          <Tooltip />
          <Area type="monotone" dataKey="views" name={labels.views} stroke="#6b4f2a" fill="#e8dcc4" />
          <Area type="monotone" dataKey="visitors" name={labels.visitors} stroke="#1f3a5f" fill="#c9d6e8" />
        </AreaChart>
      </ResponsiveContainer>
    </div>
  );
}
