import { handleRest } from "~/server/rest/handler.ts";

// Every /api/<spec path> not served by a more specific route: the REST adapter over tRPC.
export const dynamic = "force-dynamic";
export { handleRest as DELETE, handleRest as GET, handleRest as PATCH, handleRest as POST, handleRest as PUT };
