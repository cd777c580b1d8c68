import { verificationContent } from "~/features/publications/index.ts";
import {
  type CorrectionsParams,
  correctionsPageFor,
  correctionsPageMetadata,
} from "~/features/publications/ui/corrections-list.tsx";

export const generateMetadata = correctionsPageMetadata;

/** /en/corrections: the English path of /correcciones (a Spanish visit of /corrections goes there). */
export default async function CorrectionsPageEn({ params }: { params: CorrectionsParams }) {
  return correctionsPageFor(await params, "en", () => verificationContent.corrections());
}
