import { generateOpenApiDocument } from "trpc-to-openapi";
import { env } from "~/env.js";
import { appRouter } from "~/server/api/root.ts";

/** OpenAPI 3.1 document generated from the same procedures and zod schemas the REST adapter serves. */
export function openApiDocument() {
  return generateOpenApiDocument(appRouter, {
    title: "Riesgos IA API",
    description:
      "REST adapter over the site's tRPC procedures (SPEC §7). Admin operations need an admin session cookie.",
    version: "1.0.0",
    openApiVersion: "3.1.0",
    baseUrl: `${env.NEXT_PUBLIC_SITE_URL}/api`,
    securitySchemes: { sessionCookie: { type: "apiKey", in: "cookie", name: "next-auth.session-token" } },
  });
}
