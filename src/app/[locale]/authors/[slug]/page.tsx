import { type AuthorParams, authorMetadata, authorPage, generateAuthorParams } from "../../autores/author-page.tsx";

export const generateMetadata = authorMetadata;
export const generateStaticParams = generateAuthorParams;

/** /en/authors/{slug}: the English path of /autores/{slug} (a Spanish visit goes there). */
export default async function AuthorPageEn(props: { params: AuthorParams }) {
  return authorPage(props, "en");
}
