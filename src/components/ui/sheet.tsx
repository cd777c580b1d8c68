"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

/** A side panel on Radix Dialog (focus trap, Escape to close, scroll lock): the mobile menu. */
export function Sheet({
  open,
  onOpenChange,
  trigger,
  title,
  closeLabel,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: ReactNode;
  title: string;
  closeLabel: string;
  children: ReactNode;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Trigger asChild>{trigger}</DialogPrimitive.Trigger>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col overflow-y-auto bg-paper p-5 shadow-xl"
        >
          <div className="mb-4 flex items-center justify-between">
            <DialogPrimitive.Title className="font-serif text-xl font-bold">{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close
              className="inline-flex h-10 w-10 items-center justify-center rounded-md text-2xl leading-none hover:bg-ink/5"
              aria-label={closeLabel}
            >
              ×
            </DialogPrimitive.Close>
          </div>
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
