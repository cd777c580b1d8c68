import type { ExternalToast, Toaster } from "sonner";
import { CARRIED_TOAST_KEY } from "~/platform/request-edge/intent-keys.js";

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

// Also read by the loader of a page whose scripts come on intent: a carried toast loads them at once.
const CARRIED = CARRIED_TOAST_KEY;
/** `from`: the document that left it (its time origin), which must not show it itself. */
type Carried = { kind: Kind; message: string; description?: string; from: number };

/**
 * A toast for the page a document navigation is about to load (`location.assign`): kept in the tab's session
 * storage and shown by that page's toast area. Reader pages are whole documents (their static parts are not in
 * the client router's payload), so an action that ends on another page loads it instead of routing to it.
 */
export function toastOnNextPage(kind: Kind, message: string, data?: { description?: string }) {
  const carried: Carried = { kind, message, description: data?.description, from: performance.timeOrigin };
  try {
    sessionStorage.setItem(CARRIED, JSON.stringify(carried));
  } catch {
    show(kind, message, data); // storage refused (private mode, quota): at least this page shows it
  }
}

/** Used by <ToastArea> on each page load: the toast the previous page left for it, if any. */
export function showCarriedToast() {
  let carried: Carried | null = null;
  try {
    const raw = sessionStorage.getItem(CARRIED);
    carried = raw ? (JSON.parse(raw) as Carried) : null;
    // Left by this very page on its way out (its toast area can mount after the action): for the next one.
    if (carried?.from === performance.timeOrigin) return;
    sessionStorage.removeItem(CARRIED);
  } catch {
    return;
  }
  if (carried && ["success", "error", "info"].includes(carried.kind) && typeof carried.message === "string") {
    show(carried.kind, carried.message, carried.description ? { description: carried.description } : undefined);
  }
}
