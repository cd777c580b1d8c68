import { renderLogoImage } from "~/features/seo/ui/og-image.tsx";

/** The publisher logo of the JSON-LD (drawn by the seo feature, next to the share cards). */
export const GET = () => renderLogoImage();
