export { OutboxSection } from "./outbox-section.tsx";
