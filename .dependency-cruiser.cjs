/**
 * The dependency rule of docs/architecture.md, checked by `npm test` (npm run lint:deps).
 * platform/ is the foundation: it never imports a feature, the app or the composition root (the request edge
 * in platform/request-edge gets the features' lookups from src/proxy.ts); features use one
 * another only through their index.ts; nothing imports in a cycle; src/app only adapts: it imports feature
 * entries, platform and ui, pages read no database, and only the routes that mount it import src/server.
 */
/**
 * The request edge's two rules (src/platform/request-edge/README.md): its plain-JavaScript files are loaded as
 * they are (by Node as preloads, by next.config.mjs, by Next as its cache handler), none of which compiles
 * TypeScript; and the proxy's parts run only as src/proxy.ts, which wires them to the features.
 */
const requestEdgeRules = [
  {
    name: "request-edge-plain-js-stays-plain",
    comment: "A plain-JavaScript file of the request edge imports only JavaScript: its loaders compile no TypeScript.",
    from: { path: "^src/platform/request-edge/.+\\.m?js$" },
    to: { path: "\\.tsx?$" },
  },
  {
    name: "proxy-parts-only-for-the-proxy",
    comment:
      "The proxy's dispatch, API refusals and page requests run only as src/proxy.ts; a route that needs the CSRF rule or a header imports csrf.ts or the header modules.",
    from: { pathNot: "^src/(proxy\\.ts|platform/request-edge/)" },
    to: { path: "^src/platform/request-edge/(proxy-dispatch|api-refusal|page-request)\\.ts$" },
  },
].map((rule) => ({ severity: "error", ...rule }));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "reading-pages-ship-no-message-runtime",
      severity: "error",
      comment:
        "Home, articles, /noticias and the directories give their client islands texts as props: reaching ClientTexts (next-intl's client provider) or next-intl's navigation (its Link needs that provider) from them brings the browser's message runtime back to every reader (tests/e2e/page-payload.test.ts).",
      from: {
        path: "^src/app/\\[locale\\]/((page|layout|not-found)\\.tsx$|(noticias|noticias-filtradas|referentes|aplicaciones|empresas|recursos|entrevistas)/)",
      },
      to: { path: "^src/(ui/client-texts\\.tsx|platform/i18n/navigation\\.ts)$", reachable: true },
    },
    {
      name: "no-circular",
      severity: "error",
      comment: "A cycle makes load order matter and hides a missing seam; split the module or invert the call.",
      from: {},
      to: { circular: true },
    },
    {
      name: "platform-stays-below-features",
      severity: "error",
      comment: "platform/ is shared infrastructure: it must not know any feature, page or composition code.",
      from: { path: "^src/platform/" },
      to: { path: "^src/(features|app|components|server|ui)/" },
    },
    ...requestEdgeRules,
    {
      name: "jobs-engine-behind-the-port",
      severity: "error",
      comment:
        "The embedded engine (pg-boss) sits behind the jobs client: only src/platform/jobs/ reaches it; features and the app enqueue, cancel, list live runs and read schedules through the client (src/platform/jobs/jobs-client.ts), so either engine can run them. (Inngest's client and functions are also mounted by its HTTP route, /api/inngest.)",
      from: { path: "^src/", pathNot: "^src/platform/jobs/" },
      to: { path: "^src/platform/jobs/engines/embedded" },
    },
    {
      name: "features-only-through-index",
      severity: "error",
      comment:
        "A feature is used from outside only through its entries: index.ts (server), schema.ts (zod, browser-safe), lookup.ts (a light read with no imports beyond the database, for the proxy), store.ts (the owner's table access with the client passed in and no imports beyond types, for code that must not open the database at import, such as the seed), and the component files directly in ui/ (no barrel: a barrel re-exporting client components ships all of them to every page that imports one).",
      from: { path: "^src/features/([^/]+)/" },
      to: {
        path: "^src/features/[^/]+/",
        pathNot: ["^src/features/$1/", "^src/features/[^/]+/(index|schema|lookup|store|ui/[^/]+)\\.tsx?$"],
      },
    },
    {
      name: "grounding-below-the-desk",
      severity: "error",
      comment:
        "Grounding (source fetching, snapshots, the verifier, reports, the link check) is what the desk (publications) and the agents build on: it imports neither. Reports reach the desk's revisions through the ReportStore the composition root hands in (src/features/grounding/report-store.ts).",
      from: { path: "^src/features/grounding/" },
      to: { path: "^src/features/(publications|agents)/" },
    },
    {
      name: "outside-uses-feature-index",
      severity: "error",
      comment: "Pages and shared components import a feature through its index.ts.",
      from: { path: "^src/(app|components|ui)/" },
      to: {
        path: "^src/features/[^/]+/.+",
        pathNot: "^src/features/[^/]+/(index|schema|lookup|store|ui/[^/]+)\\.tsx?$",
      },
    },
    {
      name: "composition-root-uses-feature-entries",
      severity: "error",
      comment:
        "The composition root imports a feature through its index.ts, or its jobs.ts: a process that only runs a feature's jobs (the newsletter send's own process) loads them without the feature's routers and pages.",
      from: { path: "^src/server/" },
      to: {
        path: "^src/features/[^/]+/.+",
        pathNot: "^src/features/[^/]+/(index|schema|lookup|store|jobs|ui/[^/]+)\\.tsx?$",
      },
    },
    {
      name: "app-only-adapts",
      severity: "error",
      comment:
        "src/app adapts HTTP and React to features: it imports feature entries, src/platform and src/ui (plus the browser's tRPC provider and the font files); pages never read a service or the composition root directly.",
      from: { path: "^src/app/" },
      to: {
        path: "^src/",
        pathNot: ["^src/(app|features|platform|ui|fonts)/", "^src/trpc/react\\.tsx$", "^src/server/"],
      },
    },
    {
      name: "app-mounts-composition-root-only-at-its-routes",
      severity: "error",
      comment:
        "Only the route handlers that mount the composition root import src/server: tRPC, the REST adapter (its catch-all and the auth calls more specific than next-auth's), the OpenAPI document and its docs page, Inngest's endpoint and next-auth.",
      from: {
        path: "^src/app/",
        pathNot:
          "^src/app/api/(trpc/\\[trpc\\]|\\[\\.\\.\\.rest\\]|auth/(login|register|\\[\\.\\.\\.nextauth\\])|openapi\\.json|docs(/assets/\\[file\\])?|inngest)/route\\.ts$",
      },
      to: { path: "^src/server/" },
    },
    {
      name: "pages-read-through-features",
      severity: "error",
      comment:
        "Pages, feeds, the sitemap and share cards read a feature's cached reads (its index.ts), never the database: only API route handlers hand `db` to a feature's function.",
      from: { path: "^src/app/", pathNot: "^src/app/api/" },
      to: { path: "^src/platform/db/" },
    },
    {
      name: "no-component-barrels",
      severity: "error",
      comment:
        "A barrel re-exporting a feature's components makes every page that imports one of them ship all of their client code: import the component's file.",
      from: {},
      to: { path: "^src/features/[^/]+/ui/index\\.tsx?$" },
    },
    {
      name: "ui-primitives-stay-generic",
      severity: "error",
      comment: "src/ui/ holds shared primitives: they import no feature and no server code.",
      from: { path: "^src/ui/" },
      to: { path: "^src/(features|app|server|platform/(db|auth|jobs|rest))/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^src/generated/" },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
