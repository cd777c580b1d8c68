import { NotFoundView } from "~/features/site/ui/not-found-view.tsx";

export default function InterviewNotFound() {
  return <NotFoundView title="interview" body="interviewBody" back="interviewBack" href="/entrevistas" />;
}
