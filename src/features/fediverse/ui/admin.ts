// The admin's components, gathered for the admin shell; the article page imports its replies by file.
export { DeliveriesPanel } from "./deliveries-panel.tsx";
export { FediverseTab } from "./fediverse-tab.tsx";
export { FediverseReactionsSection } from "./reactions-section.tsx";
export { FediverseRepliesTab } from "./replies-tab.tsx";
