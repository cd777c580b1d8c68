import { verificationContent } from "~/features/publications/index.ts";
import {
  type CorrectionsParams,
  correctionsPageFor,
  correctionsPageMetadata,
} from "~/features/publications/ui/corrections-list.tsx";

export const generateMetadata = correctionsPageMetadata;

/** /correcciones: every public correction, newest first (in English it lives at /en/corrections). */
export default async function CorrectionsPage({ params }: { params: CorrectionsParams }) {
  return correctionsPageFor(await params, "es", () => verificationContent.corrections());
}
