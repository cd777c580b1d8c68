// No imports: tests read this list without loading the server's env.
/** The public pages of docs/product.md §2 that have no slug (login/register/admin/unsubscribe/search are left out). */
export const STATIC_PATHS = [
  "/",
  "/noticias",
  "/entrevistas",
  "/referentes",
  "/empresas",
  "/aplicaciones",
  "/recursos",
  "/servicios",
  "/contacto",
  "/metodologia",
  "/publicidad",
] as const;
