import { defineConfig } from "prisma/config";

// The CLI is used for `prisma generate` everywhere and `prisma migrate deploy` where the engine exists;
// the app itself applies migrations with scripts/migrate.ts (same _prisma_migrations bookkeeping).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/riesgos" },
});
