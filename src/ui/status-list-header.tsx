"use client";

import type { ComponentProps } from "react";
import { Select } from "./select.tsx";

/** A desk list's heading: its title and intro, and the select filtering it by state. */
export function StatusListHeader(props: {
  titleId: string;
  title: string;
  intro: string;
  filter: ComponentProps<typeof Select>;
}) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h2 id={props.titleId} className="font-serif text-2xl font-bold">
          {props.title}
        </h2>
        <p className="mt-1 text-sm text-muted">{props.intro}</p>
      </div>
      <Select {...props.filter} />
    </div>
  );
}
