export { SiteFooter } from "./footer.tsx";
export { SiteHeader } from "./header.tsx";
export { NotFoundView } from "./not-found-view.tsx";
