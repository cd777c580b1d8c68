// The admin's components, apart from the site's (ui/index.ts) so that public pages never bundle them.
export { ContactMessagesSection } from "./contact-messages-section.tsx";
