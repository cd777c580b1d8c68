export { ApplicationCard, CompanyCard, Initials, ReferentCard, ResourceCard } from "./directory-cards.tsx";
export { directoryRoute } from "./directory-route.tsx";
