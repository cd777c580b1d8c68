import { afterAll } from "vitest";

// Close the shared Prisma pool at the end of each file so workers exit promptly.
afterAll(async () => {
  const g = globalThis as unknown as { prisma?: { $disconnect(): Promise<void> } };
  await g.prisma?.$disconnect();
});
