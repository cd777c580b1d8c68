import { directoryContent } from "~/features/directories/index.ts";
import { ResourceCard } from "~/features/directories/ui/directory-cards.tsx";
import { directoryRoute } from "~/features/directories/ui/directory-route.tsx";
import { RESOURCE_TYPES } from "~/platform/i18n/taxonomy.ts";

const route = directoryRoute({
  namespace: "resourcesPage",
  path: "/recursos",
  filter: { param: "tipo", label: "type", taxonomy: "taxonomy.resourceTypes", values: RESOURCE_TYPES },
  load: () => directoryContent.resources({}),
  item: (r) => ({ key: r.slug, values: [r.type], node: <ResourceCard resource={r} /> }),
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
