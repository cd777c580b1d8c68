import { type AuthorParams, authorMetadata, authorPage } from "../../autores/author-page.tsx";

export const generateMetadata = authorMetadata;

/** /en/authors/{slug}: the English path of /autores/{slug} (a Spanish visit goes there). */
export default async function AuthorPageEn(props: { params: AuthorParams }) {
  return authorPage(props, "en");
}
