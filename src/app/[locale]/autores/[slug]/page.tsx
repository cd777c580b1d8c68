import { type AuthorParams, authorMetadata, authorPage, generateAuthorParams } from "../author-page.tsx";

export const generateMetadata = authorMetadata;
export const generateStaticParams = generateAuthorParams;

/** /autores/{slug}: an editor's or an agent's page, with their articles (the English path is /en/authors). */
export default async function AuthorPageEs(props: { params: AuthorParams }) {
  return authorPage(props, "es");
}
