import { directoryRoute } from "~/features/directories/ui/directory-route.tsx";
import { interviewContent } from "~/features/interviews/index.ts";
import { InterviewCard } from "~/features/interviews/ui/interview-card.tsx";
import { TOPICS } from "~/platform/i18n/taxonomy.ts";

const route = directoryRoute({
  namespace: "interviewsPage",
  path: "/entrevistas",
  filter: { param: "tema", label: "topic", taxonomy: "taxonomy.topics", values: TOPICS },
  gridClassName: "grid gap-x-8 gap-y-8 md:grid-cols-2",
  load: () => interviewContent.interviews({}),
  item: (i) => ({ key: i.slug, values: i.topics, node: <InterviewCard interview={i} /> }),
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
