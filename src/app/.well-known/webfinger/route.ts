import { handleFediverseRequest } from "~/features/fediverse/index.ts";
import { route } from "~/platform/http/route.ts";

// Answered by Fedify (docs/fediverse.md); 404 while the fediverse is off.
export const dynamic = "force-dynamic";

export const GET = route("public", (req) => handleFediverseRequest(req));
