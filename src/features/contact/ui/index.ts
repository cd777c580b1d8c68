export { ContactForm } from "./contact-form.tsx";
