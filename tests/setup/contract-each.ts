import { awaitReady } from "./await-ready.ts";

// The shared production server, started in the background by tests/setup/e2e-global.ts once the build is made.
await awaitReady("server");
