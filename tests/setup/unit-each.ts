import { vi } from "vitest";

/**
 * Unit files share a worker process (a new process per file spent more CPU starting workers than the files
 * spent testing), so each starts from what a fresh process would give it: the environment as the worker
 * started (a file that stubs a variable before importing the module that reads it must not see another
 * file's stubs, nor leave its own) and the app's own modules evaluated anew.
 */
const g = globalThis as unknown as { __unitWorkerEnv?: Record<string, string | undefined> };
g.__unitWorkerEnv ??= { ...process.env };
for (const key of Object.keys(process.env)) if (!(key in g.__unitWorkerEnv)) delete process.env[key];
Object.assign(process.env, g.__unitWorkerEnv);
vi.unstubAllEnvs();
vi.useRealTimers();
vi.resetModules();
