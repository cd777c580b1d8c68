/** Site search across articles, interviews and the directories (/buscar and the search procedure). */
export { searchRouter } from "./router.ts";
export { searchContent } from "./search.ts";
