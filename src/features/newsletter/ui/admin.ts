export { NewsletterAlertsBanner } from "./alerts-banner.tsx";
export { NewsletterStatsSection } from "./newsletter-stats-section.tsx";
export { NewslettersTab } from "./newsletters-tab.tsx";
export { SubscriptionsTab } from "./subscriptions-tab.tsx";
