/** Admin dates in Spanish style (docs/product.md §9). */
export const adminDate = (d: Date | string | null | undefined) =>
  d ? new Date(d).toLocaleString("es-ES", { dateStyle: "short", timeStyle: "short" }) : "—";
