import Ajv2020, { type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

export interface OpenApiOperation {
  operationId?: string;
  "x-access"?: string;
  parameters?: { in: string; name: string }[];
  requestBody?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

const pointer = (...segments: string[]) =>
  segments.map((s) => encodeURIComponent(s.replace(/~/g, "~0").replace(/\//g, "~1"))).join("/");

/**
 * Validates response bodies against the served /api/openapi.json with ajv in JSON Schema 2020-12 mode (the
 * dialect of OpenAPI 3.1). The whole document is registered once so `$ref`s to its components resolve.
 */
export class ResponseValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(readonly doc: OpenApiDoc) {
    addFormats(this.ajv);
    this.ajv.addSchema(doc as object, "openapi.json");
  }

  /** The operation for a spec path (with /api) and method, or undefined. */
  operation(method: string, specPath: string): OpenApiOperation | undefined {
    return this.doc.paths[specPath.replace(/^\/api/, "")]?.[method.toLowerCase()];
  }

  /** Errors of `body` against the operation's response schema for `status` (null when valid). */
  errors(method: string, specPath: string, status: number, body: unknown, type = "application/json"): string | null {
    const docPath = specPath.replace(/^\/api/, "");
    const key = `${method} ${docPath} ${status} ${type}`;
    let validate = this.cache.get(key);
    if (!validate) {
      const ref = `openapi.json#/${pointer("paths", docPath, method.toLowerCase(), "responses", String(status), "content", type, "schema")}`;
      const found = this.ajv.getSchema(ref);
      if (!found) return `no schema at ${ref}`;
      validate = found;
      this.cache.set(key, validate);
    }
    if (validate(body)) return null;
    return this.ajv.errorsText(validate.errors, { dataVar: "body" });
  }
}
