/**
 * The dependency rule of docs/architecture.md, checked by `npm test` (npm run lint:deps).
 * platform/ is the foundation: it never imports a feature, the app or the composition root; features use one
 * another only through their index.ts; nothing imports in a cycle.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
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
    {
      name: "features-only-through-index",
      severity: "error",
      comment:
        "A feature is used from outside only through its entries: index.ts (server), schema.ts (zod, browser-safe), ui/index.ts and ui/admin.ts (components).",
      from: { path: "^src/features/([^/]+)/" },
      to: {
        path: "^src/features/[^/]+/",
        pathNot: ["^src/features/$1/", "^src/features/[^/]+/(index|schema|ui/index|ui/admin)\\.tsx?$"],
      },
    },
    {
      name: "outside-uses-feature-index",
      severity: "error",
      comment: "Pages, the composition root and tests of other code import a feature through its index.ts.",
      from: { path: "^src/(app|server|components|ui)/" },
      to: { path: "^src/features/[^/]+/.+", pathNot: "^src/features/[^/]+/(index|schema|ui/index|ui/admin)\\.tsx?$" },
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
