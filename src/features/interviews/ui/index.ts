export { InterviewCard } from "./interview-card.tsx";
