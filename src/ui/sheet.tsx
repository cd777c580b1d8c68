"use client";

import { type ReactNode, useEffect, useRef } from "react";

/**
 * A side panel on the native modal <dialog> (the mobile menu): the browser makes the rest of the page inert,
 * traps focus, closes on Escape and gives focus back to the control that opened it, with no dialog library.
 * The opening control lives outside (it is on the page before this panel's code is loaded): `id` is the one
 * its `aria-controls` names. The body is only rendered while open. A click on the backdrop closes it; the page
 * does not scroll behind.
 */
export function Sheet({
  id,
  open,
  onOpenChange,
  title,
  closeLabel,
  children,
}: {
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) el.showModal();
    if (!open && el.open) el.close();
    if (!open) return;
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = "hidden";
    return () => {
      root.style.overflow = previous;
    };
  }, [open]);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop click has a keyboard twin, Escape (native)
    <dialog
      ref={dialog}
      id={id}
      aria-labelledby={`${id}-title`}
      onClose={() => onOpenChange(false)}
      onClick={(event) => {
        // Only the backdrop hits the <dialog> itself; the panel's content fills it.
        if (event.target === event.currentTarget) onOpenChange(false);
      }}
      className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-[min(22rem,88vw)] max-w-none bg-paper p-0 text-ink shadow-xl backdrop:bg-ink/40"
    >
      {open && (
        <div className="flex min-h-full flex-col overflow-y-auto p-5">
          <div className="mb-4 flex items-center justify-between">
            <h2 id={`${id}-title`} className="font-serif text-xl font-bold">
              {title}
            </h2>
            <button
              type="button"
              onClick={() => onOpenChange(false)}
              className="inline-flex h-10 w-10 items-center justify-center rounded-md text-2xl leading-none hover:bg-ink/5"
              aria-label={closeLabel}
            >
              ×
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}
