const mb = () => (process.memoryUsage().rss / 1048576).toFixed(0) + " heap " + (process.memoryUsage().heapUsed / 1048576).toFixed(0);
const { createMigratedDatabase, startTestPostgres } = await import("../tests/setup/postgres.ts");
const { server, createDb } = await startTestPostgres();
const url = await createMigratedDatabase(createDb, "imp");
Object.assign(process.env, { DATABASE_URL: url, RESEND_API_KEY: "x", RESEND_BASE_URL: "http://127.0.0.1:9" });
global.gc?.(); console.log("start", mb());
for (const m of ["~/platform/env/env.js", "~/platform/db/db.ts", "resend", "~/platform/jobs/engine/engine.ts", "~/platform/jobs/dispatcher.ts", "~/features/mail/render.ts", "~/features/newsletter/render-newsletter.ts", "~/features/newsletter/send.ts", "~/features/newsletter/cache.ts", "~/features/newsletter/generate.ts", "~/features/newsletter/jobs.ts"]) {
  await import(m); global.gc?.(); console.log(m, mb());
}
const { db } = await import("~/platform/db/db.ts");
await db.newsletter.count(); global.gc?.(); console.log("first query", mb());
await server?.stop();
process.exit(0);
