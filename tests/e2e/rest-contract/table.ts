/**
 * docs/product.md §7 "The calls it makes", kept as data: one row per call, the three spec columns verbatim, plus what
 * this suite needs to walk it (who may call it, and the invalid request that must answer 400 writing nothing).
 * The walk in tests/e2e/rest-contract.test.ts derives its tests from these rows.
 */
import { DESK_ROWS } from "./desk-rows.ts";
import { FEDIVERSE_ROWS } from "./fediverse-rows.ts";
import { READER_ROWS } from "./reader-rows.ts";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The request that must be refused with 400 naming `field`. */
export interface InvalidCall {
  /** Values for the path template's parameters (already URL-encoded). */
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  /** A raw body (sent as application/json), e.g. malformed JSON for calls whose payload is 'none'. */
  rawBody?: string;
  /** The field the error names; null for a body that is not JSON at all (nothing to name). */
  field: string | null;
}

export interface ContractRow {
  method: Method;
  /** The spec's path template, with the /api prefix. */
  path: string;
  /** docs/product.md §7 'Payload' column. */
  payload: string;
  /** docs/product.md §7 'Response read' column. */
  read: string;
  access: "public" | "admin";
  /**
   * `{ none }`: a GET without parameters — there is no input to get wrong (the walk checks the document agrees).
   * `{ ignoresBody }`: the call must succeed whatever is sent (logout: docs/product.md §4 signs out ignoring failures).
   */
  invalid: InvalidCall | { none: string } | { ignoresBody: string };
}

const BAD_SLUG = "Not%20A%20Slug";
const BAD_ID = "bad%20id!";
const LONG_ID = "x".repeat(65);
const NO_INPUT = { none: "GET without parameters" };
const NOT_JSON = { rawBody: "{not json", field: null };

// biome-ignore format: one row per line, like the spec's table
export const SPEC_TABLE: ContractRow[] = [
  { method: "POST", path: "/api/auth/login", payload: "{email, password}", read: "user; error on failure", access: "public", invalid: { body: { email: "not-an-email", password: "x" }, field: "email" } },
  { method: "POST", path: "/api/auth/register", payload: "{username, email, password}", read: "user; error on failure", access: "public", invalid: { body: { username: "valid_name", email: "ok@example.com", password: "12345" }, field: "password" } },
  { method: "POST", path: "/api/auth/logout", payload: "none", read: "ignored", access: "public", invalid: { ignoresBody: "signing out never fails" } },
  { method: "POST", path: "/api/newsletter/subscribe", payload: "{email}", read: "error on failure; message on success", access: "public", invalid: { body: { email: "nope" }, field: "email" } },
  { method: "POST", path: "/api/newsletter/unsubscribe", payload: "{token}", read: "message, success, error", access: "public", invalid: { body: { token: "too-short" }, field: "token" } },
  { method: "POST", path: "/api/contact", payload: "name, email, organization, reason, message, privacy", read: "success judged by an OK status; body not shown", access: "public", invalid: { body: { name: "Ana", email: "ana@example.com", message: "Hola", privacy: false }, field: "privacy" } },
  { method: "GET", path: "/api/articles/{slug}", payload: "none", read: "one article or nothing; used when the slug is not in the bundled seed", access: "public", invalid: { params: { slug: BAD_SLUG }, field: "slug" } },
  { method: "GET", path: "/api/articles/status/published", payload: "none", read: "list; entries with is_static true are dropped", access: "public", invalid: NO_INPUT },
  { method: "GET", path: "/api/articles/static", payload: "none", read: "list of file-based articles", access: "public", invalid: NO_INPUT },
  { method: "GET", path: "/api/articles/status/draft", payload: "none", read: "list", access: "admin", invalid: NO_INPUT },
  { method: "PUT", path: "/api/articles/{slug}", payload: "status (published or rejected)", read: "not shown", access: "admin", invalid: { body: { status: "draft" }, field: "status" } },
  { method: "DELETE", path: "/api/articles/{slug}", payload: "none", read: "not shown", access: "admin", invalid: { params: { slug: BAD_SLUG }, field: "slug" } },
  { method: "PUT", path: "/api/articles/{slug}/toggle-featured", payload: "none", read: "article.featured", access: "admin", invalid: { params: { slug: BAD_SLUG }, field: "slug" } },
  { method: "PUT", path: "/api/articles/{slug}/toggle-static", payload: "none", read: "message", access: "admin", invalid: { params: { slug: BAD_SLUG }, field: "slug" } },
  { method: "PUT", path: "/api/articles/{slug}/regenerate-image", payload: "none", read: "not shown", access: "admin", invalid: { params: { slug: BAD_SLUG }, field: "slug" } },
  { method: "POST", path: "/api/generate-manual-content", payload: "userPrompt, systemPrompt, contentType (article, interview, news), generateImage (boolean), authorName", read: "not shown", access: "admin", invalid: { body: { userPrompt: "   ", contentType: "article" }, field: "userPrompt" } },
  { method: "GET", path: "/api/admin/articles/hardcoded-authors", payload: "none", read: "list of articles/authors", access: "admin", invalid: NO_INPUT },
  { method: "POST", path: "/api/admin/articles/fix-author-names", payload: "mapping from article slug to author name", read: "results list (each with status), message", access: "admin", invalid: { body: { mapping: "Ana" }, field: "mapping" } },
  { method: "POST", path: "/api/admin/articles/auto-migrate", payload: "body not shown", read: "results, message; afterwards the article list reloads", access: "admin", invalid: NOT_JSON },
  { method: "POST", path: "/api/admin/newsletters/generate", payload: "none", read: "not shown", access: "admin", invalid: NOT_JSON },
  { method: "GET", path: "/api/admin/newsletters", payload: "none", read: "list", access: "admin", invalid: NO_INPUT },
  { method: "POST", path: "/api/admin/newsletters/{id}/send", payload: "none", read: "not shown", access: "admin", invalid: { params: { id: LONG_ID }, field: "id" } },
  { method: "DELETE", path: "/api/admin/newsletters/{id}", payload: "none", read: "not shown", access: "admin", invalid: { params: { id: LONG_ID }, field: "id" } },
  { method: "GET", path: "/api/admin/newsletters/{id}/preview", payload: "none", read: "HTML shown in a frame", access: "admin", invalid: { params: { id: LONG_ID }, field: "id" } },
  { method: "GET", path: "/api/admin/jobs", payload: "none", read: "runs (name, status, attempts, step, error, start/end, duration) and schedules with next_run_at", access: "admin", invalid: NO_INPUT },
  { method: "POST", path: "/api/admin/jobs/{id}/retry", payload: "none", read: "not shown", access: "admin", invalid: { params: { id: BAD_ID }, field: "id" } },
  { method: "POST", path: "/api/admin/jobs/{id}/cancel", payload: "none", read: "not shown", access: "admin", invalid: { params: { id: BAD_ID }, field: "id" } },
  { method: "GET", path: "/api/admin/newsletter/subscriptions", payload: "none", read: "list", access: "admin", invalid: { query: "pageSize=0", field: "pageSize" } },
  { method: "DELETE", path: "/api/admin/newsletter/subscriptions/{email}", payload: "none", read: "not shown", access: "admin", invalid: { params: { email: "not-an-email" }, field: "email" } },
  { method: "GET", path: "/api/agents", payload: "none", read: "list", access: "admin", invalid: NO_INPUT },
  { method: "POST", path: "/api/agents", payload: "agent body", read: "not shown", access: "admin", invalid: { body: { name: "" }, field: "name" } },
  { method: "PUT", path: "/api/agents/{id}", payload: "agent body", read: "not shown", access: "admin", invalid: { params: { id: "clnotarealagent000000000" }, body: { name: "Vigía", status: "archived" }, field: "status" } },
  { method: "DELETE", path: "/api/agents/{id}", payload: "none", read: "not shown", access: "admin", invalid: { params: { id: BAD_ID }, field: "id" } },
  { method: "GET", path: "/api/agent-runs", payload: "locale (es, en; optional: the language of the run logs)", read: "list of runs", access: "admin", invalid: { query: "locale=fr", field: "locale" } },
  { method: "POST", path: "/api/agents/{id}/execute", payload: "none", read: "message, run; error details on failure", access: "admin", invalid: { params: { id: BAD_ID }, field: "id" } },
  { method: "POST", path: "/api/agents/execute-all", payload: "none", read: "message, runs", access: "admin", invalid: NOT_JSON },
];

/**
 * Every call the walk covers: the spec's rows, then the editors' desk (tests/e2e/rest-contract/desk-rows.ts), then
 * readers' reports and backups (reader-rows.ts).
 */
export const CONTRACT_TABLE: ContractRow[] = [...SPEC_TABLE, ...DESK_ROWS, ...READER_ROWS, ...FEDIVERSE_ROWS];

export const rowKey = (row: Pick<ContractRow, "method" | "path">) => `${row.method} ${row.path}`;
