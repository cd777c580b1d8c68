import type { IncomingMessage, ServerResponse } from "node:http";
import { TRPCError } from "@trpc/server";
import {
  type CreateOpenApiNodeHttpHandlerOptions,
  createOpenApiNodeHttpHandler,
  type OpenApiRouter,
} from "trpc-to-openapi";

/**
 * trpc-to-openapi's fetch adapter, with its handler built once instead of per request: building one walks every
 * procedure, and outside production it also describes the whole API to validate the router (about 60 ms of CPU
 * on each call). The request and response are adapted as the library's own fetch adapter does.
 */

/** What the handler writes its answer to. */
interface ResponseSink {
  statusCode: number;
  setHeader(key: string, value: string | readonly string[]): void;
  end(body?: string): void;
}

type BodyRead = { ok: true; data: unknown } | { ok: false; cause: unknown };

async function readBody(req: Request): Promise<BodyRead> {
  const type = req.headers.get("content-type") ?? "";
  try {
    // JSON.parse, not req.json(): the error must wait until the handler asks for the body (a PARSE_ERROR).
    if (type.includes("application/json")) return { ok: true, data: JSON.parse(await req.text()) };
    if (type.includes("application/x-www-form-urlencoded")) {
      const params = new URLSearchParams(await req.text());
      return { ok: true, data: Object.fromEntries([...params.keys()].map((key) => [key, params.getAll(key)])) };
    }
    return { ok: true, data: req.body };
  } catch (cause) {
    return { ok: false, cause };
  }
}

/** The request as the node handler reads it: the URL without the endpoint's prefix, the body already parsed. */
async function nodeRequest(req: Request, url: string): Promise<IncomingMessage> {
  const body = await readBody(req);
  const proxy = new Proxy(req, {
    get(target, prop) {
      if (prop === "url") return url;
      if (prop === "body") {
        if (!body.ok)
          throw new TRPCError({ code: "PARSE_ERROR", message: "Failed to parse request body", cause: body.cause });
        return body.data;
      }
      return Reflect.get(target, prop, target);
    },
  });
  // The node handler treats a fetch Request as such (`instanceof Request`) wherever the two differ.
  return proxy as unknown as IncomingMessage;
}

/** Per-request state reaches the hooks through the caller's own AsyncLocalStorage, not through `req`/`res`. */
export function createOpenApiFetchAdapter<TRouter extends OpenApiRouter>(
  endpoint: `/${string}`,
  options: CreateOpenApiNodeHttpHandlerOptions<TRouter, IncomingMessage, ServerResponse>,
) {
  const handler = createOpenApiNodeHttpHandler(options);
  return async (req: Request): Promise<Response> => {
    // From the path only: the library's own adapter cut the first `/api` anywhere in the URL, a host's included.
    const url = new URL(req.url);
    if (url.pathname.startsWith(endpoint)) url.pathname = url.pathname.slice(endpoint.length) || "/";
    const nodeReq = await nodeRequest(req, url.toString());
    const headers = new Headers();
    return new Promise<Response>((resolve, reject) => {
      const sink: ResponseSink = {
        statusCode: 200,
        setHeader(key, value) {
          if (typeof value === "string") headers.set(key, value);
          else for (const v of value) headers.append(key, v);
        },
        end(body) {
          resolve(new Response(body, { status: sink.statusCode, headers }));
        },
      };
      handler(nodeReq, sink as unknown as ServerResponse).catch(reject);
    });
  };
}
