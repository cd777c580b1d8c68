import { notFoundView } from "~/features/seo/index.ts";
import { NotFoundView } from "~/features/site/ui/not-found-view.tsx";

/** Any unknown path under a locale: 'Page Not Found' with HTTP 404 (docs/product.md §2). */
export default function NotFound() {
  return <NotFoundView {...notFoundView("page")} />;
}
