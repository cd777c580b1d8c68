export { itemRoute } from "./item-route.tsx";
export { renderOgImage } from "./og-image.tsx";
