// The admin's components, gathered for the admin shell; public pages import site components by file.
export { ContactMessagesSection } from "./contact-messages-section.tsx";
