import { NotFoundView } from "~/features/site/ui/index.ts";

/** Any unknown path under a locale: 'Page Not Found' with HTTP 404 (SPEC §2). */
export default function NotFound() {
  return <NotFoundView title="title" body="body" back="back" href="/" />;
}
