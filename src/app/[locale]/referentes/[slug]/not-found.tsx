import { NotFoundView } from "~/features/site/ui/index.ts";

export default function ReferentNotFound() {
  return <NotFoundView title="referent" body="referentBody" back="referentBack" href="/referentes" />;
}
