import { serve } from "inngest/next";
import { inngest } from "~/server/jobs/client.ts";
import { inngestFunctions } from "~/server/jobs/functions.ts";

// Inngest (Cloud, self-hosted or dev server) calls this endpoint to run the functions durably.
export const { GET, POST, PUT } = serve({ client: inngest, functions: inngestFunctions });
