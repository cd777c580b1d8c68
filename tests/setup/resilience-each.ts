import { awaitReady } from "./await-ready.ts";

// The production build these files' servers copy, made in the background by tests/setup/resilience-global.ts.
await awaitReady("build");
