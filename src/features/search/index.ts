export { searchRouter } from "./router.ts";
export { searchContent } from "./search.ts";
