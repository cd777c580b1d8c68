import { generateOpenApiDocument, type OpenAPIObject } from "trpc-to-openapi";
import { z } from "zod";
import {
  clickInputSchema,
  newsletterIdInputSchema,
  tokenSchema,
  unsubscribeOutputSchema,
} from "~/features/newsletter/schema.ts";
import type { AppMeta } from "~/platform/trpc/trpc.ts";
import { appRouter } from "~/server/api/root.ts";

type Access = NonNullable<AppMeta["access"]>;

const ACCESS_TEXT: Record<Access, string> = {
  public: "**Access: public.** No session needed.",
  user: "**Access: signed-in user.** Needs the session cookie; 401 without it.",
  admin:
    "**Access: admin.** Needs the session cookie of a user whose role is `admin`; 401 signed out, 403 other roles.",
};

const SECURITY_SCHEME = "sessionCookie";

type SchemaObject = NonNullable<NonNullable<OpenAPIObject["components"]>["schemas"]>[string];

/** The error body every non-2xx REST answer carries (src/server/rest/handler.ts, docs/product.md §8). */
const errorSchema: SchemaObject = {
  type: "object",
  required: ["error", "code"],
  properties: {
    error: { type: "string", description: "Human-readable reason; clients show `status: error`." },
    code: { type: "string", description: "Machine code, e.g. BAD_REQUEST, UNAUTHORIZED, NOT_FOUND, CONFLICT." },
    field: { type: "string", description: "The input field at fault (validation errors and conflicts)." },
    issues: {
      type: "array",
      items: {
        type: "object",
        required: ["path", "message"],
        properties: { path: { type: "string" }, message: { type: "string" } },
      },
    },
    details: { description: "Extra machine-readable context (e.g. an agent run's failure)." },
  },
};

/** The hand-written text/html route (src/app/api/admin/newsletters/[id]/preview/route.ts). */
const previewPath = {
  "/admin/newsletters/{id}/preview": {
    get: {
      operationId: "admin-newsletters-preview",
      summary: "Rendered newsletter HTML (for the admin's preview frame)",
      tags: ["admin"],
      "x-access": "admin",
      requestParams: {
        path: newsletterIdInputSchema,
        query: z.object({ locale: z.enum(["es", "en"]).optional() }),
      },
      responses: {
        "200": { description: "The newsletter e-mail as HTML", content: { "text/html": { schema: z.string() } } },
        "400": { description: "" },
      },
    },
  },
};

/** The hand-written RFC 8058 one-click unsubscribe route (src/app/api/newsletter/one-click/route.ts). */
const oneClickPath = {
  "/newsletter/one-click": {
    post: {
      operationId: "newsletter-oneClick",
      summary: "One-click unsubscribe (RFC 8058), as mail clients call it from the List-Unsubscribe header",
      tags: ["newsletter"],
      requestParams: { query: z.object({ token: tokenSchema }) },
      requestBody: {
        content: {
          "application/x-www-form-urlencoded": { schema: z.object({ "List-Unsubscribe": z.literal("One-Click") }) },
        },
      },
      responses: {
        "200": {
          description: "Unsubscribed (the same answer for an unknown token, which changes nothing)",
          content: { "application/json": { schema: unsubscribeOutputSchema } },
        },
        "400": { description: "" },
      },
    },
    get: {
      operationId: "newsletter-oneClickPage",
      summary: "A person (or a link scanner) opening the one-click URL: sent to the unsubscribe page",
      tags: ["newsletter"],
      requestParams: { query: z.object({ token: z.string().optional() }) },
      responses: {
        "303": {
          description: "Redirect to /unsubscribe (or /en/unsubscribe for English subscribers); nothing changes",
          headers: { Location: { schema: { type: "string" as const } } },
        },
      },
    },
  },
};

/**
 * The hand-written redirect behind every newsletter link (src/app/api/newsletter/click/[id]/[index]/route.ts):
 * its parameters are the route's own schema, so the document cannot drift from what the route accepts.
 */
const clickPath = {
  "/newsletter/click/{id}/{index}": {
    get: {
      operationId: "newsletter-click",
      summary: "A newsletter link: counts one click on the item and redirects to its page or one of its sources",
      tags: ["newsletter"],
      requestParams: {
        path: clickInputSchema.pick({ id: true, index: true }),
        query: clickInputSchema.pick({ lang: true, to: true }),
      },
      responses: {
        "302": {
          description:
            "Redirect to the item's page in `lang` (default es), or to `to` when it is one of the item's listed sources; no cookie, no caching",
          headers: { Location: { schema: { type: "string" as const } } },
        },
        "400": { description: "" },
        "404": { description: "" },
      },
    },
  },
};

/** Statuses an operation answers beyond the generic ones (its service's conflicts, a failed sign-in). */
const EXTRA_STATUSES: Record<string, string[]> = {
  "auth-login": ["401"],
  "auth-register": ["409"],
  "admin-agents-execute": ["409"],
  "admin-publications-review": ["409"],
  "admin-newsletters-send": ["409"],
  "admin-newsletters-delete": ["409"],
};

const STATE_CHANGING = new Set(["post", "put", "patch", "delete"]);
/** trpc-to-openapi reads a JSON body on these methods and answers 415 to another content type. */
const JSON_BODY_METHODS = new Set(["post", "put", "patch"]);
const HAND_WRITTEN = new Set([
  "admin-newsletters-preview",
  "newsletter-oneClick",
  "newsletter-oneClickPage",
  "newsletter-click",
]);

type Operation = {
  operationId?: string;
  description?: string;
  parameters?: { in: string }[];
  security?: Record<string, string[]>[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
  "x-access"?: Access;
};

/** Operation id → access level, for every procedure that has a REST path. */
function accessByOperationId(): Map<string, Access> {
  const byId = new Map<string, Access>([["admin-newsletters-preview", "admin"]]);
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: AppMeta } }>;
  for (const [path, proc] of Object.entries(procedures)) {
    const meta = proc._def.meta;
    if (!meta?.openapi) continue;
    byId.set(meta.openapi.operationId ?? path.replace(/\./g, "-"), meta.access ?? "public");
  }
  return byId;
}

const ERROR_TEXT: Record<string, string> = {
  "400": "Invalid input: `field` and `issues` name what is wrong",
  "401": "Not signed in",
  "403": "Signed in without the required role (or a cross-origin write)",
  "404": "Not found",
  "409": "Conflict with the current state",
  "415": "The body is not `application/json` (an empty JSON body counts as `{}`)",
  "429": "Rate limited; see the Retry-After header",
  "500": "Internal error (no internals are exposed)",
  "503": "The database or a provider is unavailable for a moment; try again",
};

/** Operations behind a rate limit (enforceRateLimit in their procedure or service). */
const RATE_LIMITED = new Set([
  "auth-login",
  "auth-register",
  "newsletter-subscribe",
  "contact-submit",
  "admin-publications-generate",
  "admin-newsletters-generate",
]);

/**
 * States each operation's access: `security: []` for public ones, the session cookie otherwise, plus
 * `x-access` and a sentence in the description; error answers get the body the adapter really sends.
 */
function describeAccess(paths: Record<string, Record<string, Operation>>, access: Map<string, Access>) {
  for (const ops of Object.values(paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const level = access.get(op.operationId ?? "") ?? "public";
      op["x-access"] = level;
      op.security = level === "public" ? [] : [{ [SECURITY_SCHEME]: [] }];
      op.description = [ACCESS_TEXT[level], op.description].filter(Boolean).join("\n\n");
      if (level === "public") {
        delete op.responses["401"];
        delete op.responses["403"];
      } else {
        op.responses["401"] ??= { description: "" };
        op.responses["403"] ??= { description: "" };
      }
      if (op.parameters?.some((p) => p.in === "path")) op.responses["404"] ??= { description: "" };
      if (RATE_LIMITED.has(op.operationId ?? "")) op.responses["429"] ??= { description: "" };
      for (const status of EXTRA_STATUSES[op.operationId ?? ""] ?? []) op.responses[status] ??= { description: "" };
      // The proxy refuses a cross-origin write that carries the session cookie, whatever the operation.
      if (STATE_CHANGING.has(method)) op.responses["403"] ??= { description: "" };
      if (JSON_BODY_METHODS.has(method) && !HAND_WRITTEN.has(op.operationId ?? ""))
        op.responses["415"] ??= { description: "" };
      op.responses["500"] ??= { description: "" };
      op.responses["503"] ??= { description: "" };
      for (const status of Object.keys(op.responses)) {
        if (status.startsWith("2") || status.startsWith("3")) continue;
        op.responses[status] = {
          description: ERROR_TEXT[status] ?? "Error",
          content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
        };
      }
    }
  }
}

/** OpenAPI 3.1 document generated from the same procedures and zod schemas the REST adapter serves. */
export function openApiDocument() {
  const doc = generateOpenApiDocument(appRouter, {
    title: "Riesgos IA API",
    description: [
      "REST adapter over the site's tRPC procedures (docs/product.md §7).",
      "Sign in with `POST /api/auth/login`: the answer sets the session cookie that admin operations need.",
      "State-changing calls that carry the cookie must come from the site's own origin.",
      "Errors are JSON `{error, code, field?, issues?, details?}`; 429 answers carry Retry-After.",
    ].join(" "),
    version: "1.0.0",
    openApiVersion: "3.1.0",
    // Relative: Swagger UI's "Try it out" calls whichever host served the document.
    baseUrl: "/api",
    securitySchemes: {
      [SECURITY_SCHEME]: {
        type: "apiKey",
        in: "cookie",
        name: "next-auth.session-token",
        description: "next-auth session (named `__Secure-next-auth.session-token` over HTTPS).",
      },
    },
    paths: { ...previewPath, ...oneClickPath, ...clickPath },
  });
  describeAccess(doc.paths as unknown as Record<string, Record<string, Operation>>, accessByOperationId());
  doc.components = { ...doc.components, schemas: { ...doc.components?.schemas, Error: errorSchema } };
  return doc;
}
