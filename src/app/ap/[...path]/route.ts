import { handleFediverseRequest } from "~/features/fediverse/index.ts";
import { route } from "~/platform/http/route.ts";

// The actors, their inboxes, collections and the article objects, answered by Fedify (docs/fediverse.md);
// 404 while the fediverse is off. Article pages asked for application/activity+json are rewritten here
// (next.config.mjs).
export const dynamic = "force-dynamic";

export const GET = route<{ path: string[] }>("public", (req) => handleFediverseRequest(req));
// An inbox delivery: Fedify verifies its HTTP Signature (draft-cavage or RFC 9421) before anything is stored.
export const POST = route<{ path: string[] }>("signed", (req) => handleFediverseRequest(req));
