export { SearchBox } from "./search-box.tsx";
