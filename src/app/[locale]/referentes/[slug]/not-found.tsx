import { NotFoundView } from "~/features/site/ui/not-found-view.tsx";

export default function ReferentNotFound() {
  return <NotFoundView title="referent" body="referentBody" back="referentBack" href="/referentes" />;
}
