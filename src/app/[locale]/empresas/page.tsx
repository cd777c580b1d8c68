import { directoryContent } from "~/features/directories/index.ts";
import { CompanyCard } from "~/features/directories/ui/directory-cards.tsx";
import { directoryRoute } from "~/features/directories/ui/directory-route.tsx";
import { COMPANY_TYPES } from "~/platform/i18n/taxonomy.ts";

const route = directoryRoute({
  namespace: "companiesPage",
  path: "/empresas",
  filter: { param: "tipo", label: "type", taxonomy: "taxonomy.companyTypes", values: COMPANY_TYPES },
  load: () => directoryContent.companies({}),
  item: (c) => ({ key: c.slug, values: [c.type], node: <CompanyCard company={c} /> }),
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
