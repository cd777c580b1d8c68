import { NotFoundView } from "~/features/site/ui/not-found-view.tsx";

export default function ArticleNotFound() {
  return <NotFoundView title="article" body="articleBody" back="articleBack" href="/noticias" />;
}
