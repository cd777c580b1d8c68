export { DeliveriesPanel } from "./deliveries-panel.tsx";
export { FediverseTab } from "./fediverse-tab.tsx";
