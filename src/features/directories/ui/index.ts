export { ApplicationCard, CompanyCard, Initials, ReferentCard, ResourceCard } from "./directory-cards.tsx";
export { DirectoryFilter, type DirectoryItem } from "./directory-filter.tsx";
export { DirectoryPage } from "./directory-page.tsx";
export { directoryRoute } from "./directory-route.tsx";
