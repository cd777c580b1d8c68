// The admin's components, gathered for the admin shell; the article page imports its form by file.
export { ReaderReportsTab } from "./reader-reports-tab.tsx";
