import type { ExternalToast, Toaster } from "sonner";

type ToasterComponent = typeof Toaster;
type Kind = "success" | "error" | "info";

let sonner: Promise<typeof import("sonner")> | undefined;
let loadedToaster: ToasterComponent | undefined;
let showToaster: ((component: ToasterComponent) => void) | undefined;

/**
 * Toasts (sonner) loaded on first use: a toast always follows something the reader did, so the library stays
 * out of every page's first load. Same calls as sonner's `toast.success/error/info`. Sonner replays the
 * active toasts when its Toaster subscribes, so showing the toast before the Toaster has mounted is fine.
 */
function show(kind: Kind, message: string, data?: ExternalToast) {
  sonner ??= import("sonner");
  void sonner.then((m) => {
    m.toast[kind](message, data);
    loadedToaster = m.Toaster;
    showToaster?.(m.Toaster);
  });
}

export const toast = {
  success: (message: string, data?: ExternalToast) => show("success", message, data),
  error: (message: string, data?: ExternalToast) => show("error", message, data),
  info: (message: string, data?: ExternalToast) => show("info", message, data),
};

/** Used by <ToastArea>: renders the Toaster once sonner has been loaded (now or when it was already). */
export function onToasterLoaded(render: (component: ToasterComponent) => void): () => void {
  showToaster = render;
  if (loadedToaster) render(loadedToaster);
  return () => {
    if (showToaster === render) showToaster = undefined;
  };
}
