import { NotFoundView } from "~/components/site/not-found-view.tsx";

export default function ArticleNotFound() {
  return <NotFoundView title="article" body="articleBody" back="articleBack" href="/noticias" />;
}
