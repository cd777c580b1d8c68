export { PublicationsTab } from "./publications-tab.tsx";
