import { renderFediverseHeaderImage } from "~/features/seo/ui/og-image.tsx";

/** The fediverse actors' header picture (their `image`), drawn by the seo feature next to the logo. */
export const GET = () => renderFediverseHeaderImage();
