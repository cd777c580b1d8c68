export { renderLogoImage, renderOgImage } from "./og-image.tsx";
