import { NotFoundView } from "~/features/site/ui/index.ts";

export default function InterviewNotFound() {
  return <NotFoundView title="interview" body="interviewBody" back="interviewBack" href="/entrevistas" />;
}
