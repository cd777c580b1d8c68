export { ConfirmStatus } from "./confirm-status.tsx";
export { FooterNewsletter } from "./footer-newsletter.tsx";
export { NewsletterScrollButton } from "./newsletter-scroll-button.tsx";
export { NewsletterSignup } from "./newsletter-signup.tsx";
export { UnsubscribeStatus } from "./unsubscribe-status.tsx";
