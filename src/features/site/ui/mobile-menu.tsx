"use client";

import { lazy, Suspense, useId, useState } from "react";
import type { MobileMenuPanelProps } from "./mobile-menu-panel.tsx";

export type { MobileMenuTexts } from "./mobile-menu-panel.tsx";

// The panel (sheet, its items, its behaviour) is an island of its own: a page's first load carries only
// this button, and the panel's code arrives with the first tap.
const MobileMenuPanel = lazy(() => import("./mobile-menu-panel.tsx"));

/** Small screens: the button that opens the menu's panel (the header's items, one copy of each text object). */
export function MobileMenu(props: MobileMenuPanelProps) {
  const [open, setOpen] = useState(false);
  const [requested, setRequested] = useState(false);
  const id = useId();
  return (
    <>
      <button
        type="button"
        aria-label={props.texts.openMenu}
        aria-expanded={open}
        aria-controls={requested ? id : undefined}
        data-testid="mobile-menu-button"
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
        className="menu-button"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" stroke="currentColor" strokeWidth="2">
          <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
        </svg>
      </button>
      {requested && (
        <Suspense fallback={null}>
          <MobileMenuPanel {...props} id={id} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
