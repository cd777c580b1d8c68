export { renderOgImage } from "./og-image.tsx";
