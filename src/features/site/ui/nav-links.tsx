"use client";

import { Link, usePathname } from "~/platform/i18n/link.tsx";
import { cn } from "~/ui/cn.ts";
import { isCurrent, NAV_ITEMS, type NavLabels } from "./nav-items.ts";

/** The main navigation with the current section highlighted (aria-current="page"). */
export function NavLinks({
  layout,
  labels,
  onNavigate,
}: {
  layout: "bar" | "stack";
  labels: NavLabels;
  onNavigate?: () => void;
}) {
  const pathname = usePathname();
  return (
    <ul className={layout === "bar" ? "flex flex-wrap items-center gap-x-1" : "flex flex-col"}>
      {NAV_ITEMS.map((item) => {
        const current = isCurrent(pathname, item.href);
        return (
          <li key={item.key}>
            <Link
              href={item.href}
              onClick={onNavigate}
              aria-current={current ? "page" : undefined}
              className={cn(
                layout === "bar" ? "nav-link" : "block border-b border-rule py-3 text-lg font-medium",
                layout === "stack" && current && "text-accent-text",
              )}
            >
              {labels[item.key]}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
