import { NotFoundView } from "~/features/site/ui/index.ts";

export default function ArticleNotFound() {
  return <NotFoundView title="article" body="articleBody" back="articleBack" href="/noticias" />;
}
