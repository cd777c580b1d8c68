export { itemRoute } from "./item-route.tsx";
export { renderLogoImage, renderOgImage } from "./og-image.tsx";
