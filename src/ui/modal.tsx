"use client";

import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";
import { cn } from "~/ui/cn.ts";

/** The admin dialogs' frame (Radix Dialog: focus trap, Esc and overlay close, labelled by its title). */
export function Modal(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  testId?: string;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-ink/40" />
        <Dialog.Content
          data-testid={props.testId}
          className={cn(
            "fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-surface shadow-xl",
            props.wide ? "w-[min(94vw,56rem)]" : "w-[min(94vw,36rem)]",
          )}
        >
          <div className="border-b border-ink/10 px-6 py-4">
            <Dialog.Title className="font-serif text-xl font-bold">{props.title}</Dialog.Title>
            {props.description ? (
              <Dialog.Description className="mt-1 text-sm text-muted">{props.description}</Dialog.Description>
            ) : (
              <Dialog.Description className="sr-only">{props.title}</Dialog.Description>
            )}
          </div>
          <div className="overflow-y-auto px-6 py-4">{props.children}</div>
          {props.footer ? (
            <div className="flex flex-wrap justify-end gap-2 border-t border-ink/10 px-6 py-4">{props.footer}</div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
