import { directoryContent } from "~/features/directories/index.ts";
import { ApplicationCard } from "~/features/directories/ui/directory-cards.tsx";
import { directoryRoute } from "~/features/directories/ui/directory-route.tsx";
import { APPLICATION_CATEGORIES } from "~/platform/i18n/taxonomy.ts";

const route = directoryRoute({
  namespace: "applicationsPage",
  path: "/aplicaciones",
  filter: {
    param: "categoria",
    label: "type",
    taxonomy: "taxonomy.applicationCategories",
    values: APPLICATION_CATEGORIES,
  },
  load: () => directoryContent.applications({}),
  item: (a) => ({ key: a.slug, values: [a.category], node: <ApplicationCard app={a} /> }),
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
