// Form constants the browser needs, in a module without zod: a client form importing them does not pull the
// whole zod library into its page (the schemas in ../schemas re-export them).

export const PASSWORD_MIN = 6;

/** docs/product.md §3 contact reasons, the wider reading. */
export const contactReasons = ["press", "collaboration", "sponsorship", "training", "other"] as const;
