import { NotFoundView } from "~/features/site/ui/not-found-view.tsx";

// Served with status 404, the page's metadata is read from this file (Next's not-found convention): same title.
export { generateMetadata } from "./page.tsx";

export default function NotFound() {
  return <NotFoundView title="title" body="body" back="back" href="/" />;
}
