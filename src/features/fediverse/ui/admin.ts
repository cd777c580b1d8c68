// The admin's components, gathered for the admin shell.
export { FediverseTab } from "./fediverse-tab.tsx";
