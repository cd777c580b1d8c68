export { InterviewCard, type InterviewCardData } from "./interview-card.tsx";
