// Plain JS: shared by the loader the cache handler inlines (hydrate-on-intent.js) and the client code that
// talks to it, which imports only these names and so ships none of the loader's server side.

/** The session-storage key of a toast carried to the next page (src/ui/toast.ts): shown at once, so hydrated at once. */
export const CARRIED_TOAST_KEY = "riesgos.toast";
/** The local-storage mark of a reader the browser knows to be signed in: the header shows them at once. */
export const KNOWN_SESSION_KEY = "riesgos.session";
/** The event the layout's hydration signal dispatches on window once React has hydrated the page. */
export const HYDRATED_EVENT = "riesgos:hydrated";
