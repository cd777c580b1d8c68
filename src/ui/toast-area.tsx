"use client";

import { useEffect, useState } from "react";
import { onToasterLoaded, showCarriedToast } from "./toast.ts";

type ToasterComponent = Parameters<Parameters<typeof onToasterLoaded>[0]>[0];

/**
 * The toast area of every page. Toasts follow docs/product.md §4: one visible at a time (the newest covers the
 * previous), 5000 ms, hotkey F8. Swipe-to-dismiss uses sonner's fixed 45 px threshold (the spec's 50 px is
 * not configurable there). Sonner itself arrives with the first toast (see ./toast.ts).
 */
export function ToastArea() {
  const [Toaster, setToaster] = useState<ToasterComponent | null>(null);
  useEffect(() => {
    const stop = onToasterLoaded((component) => setToaster(() => component));
    showCarriedToast();
    return stop;
  }, []);
  if (!Toaster) return null;
  return (
    <Toaster
      visibleToasts={1}
      duration={5000}
      hotkey={["F8"]}
      swipeDirections={["right", "left"]}
      position="bottom-right"
      richColors
      closeButton
      toastOptions={{ className: "font-sans" }}
    />
  );
}
