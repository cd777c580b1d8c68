import { notFoundView } from "~/features/seo/index.ts";
import { NotFoundView } from "~/features/site/ui/not-found-view.tsx";

export default function InterviewNotFound() {
  return <NotFoundView {...notFoundView("interview")} />;
}
