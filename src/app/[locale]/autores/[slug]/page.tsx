import { type AuthorParams, authorMetadata, authorPage } from "../author-page.tsx";

export const generateMetadata = authorMetadata;

/** /autores/{slug}: an editor's or an agent's page, with their articles (the English path is /en/authors). */
export default async function AuthorPageEs(props: { params: AuthorParams }) {
  return authorPage(props, "es");
}
