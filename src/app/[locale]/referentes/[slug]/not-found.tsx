import { NotFoundView } from "~/components/site/not-found-view.tsx";

export default function ReferentNotFound() {
  return <NotFoundView title="referent" body="referentBody" back="referentBack" href="/referentes" />;
}
