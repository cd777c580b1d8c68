import { directoryContent } from "~/features/directories/index.ts";
import { ReferentCard } from "~/features/directories/ui/directory-cards.tsx";
import { directoryRoute } from "~/features/directories/ui/directory-route.tsx";
import { REFERENT_FOCUSES } from "~/platform/i18n/taxonomy.ts";

const route = directoryRoute({
  namespace: "referentsPage",
  path: "/referentes",
  filter: { param: "tema", label: "topic", taxonomy: "taxonomy.topics", values: REFERENT_FOCUSES },
  gridClassName: "grid gap-x-8 gap-y-6 md:grid-cols-2",
  load: () => directoryContent.referents({}),
  item: (r) => ({ key: r.slug, values: r.focus, node: <ReferentCard referent={r} /> }),
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
