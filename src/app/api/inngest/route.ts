import { serve } from "inngest/next";
import { inngest } from "~/platform/jobs/engines/inngest/client.ts";
import { jobs } from "~/platform/jobs/jobs-client.ts";
import { appInngestFunctions } from "~/server/job-list.ts";

// Inngest (Cloud, self-hosted or dev server) calls this endpoint to run the functions durably. Without Inngest
// the jobs run on the embedded engine and there is nothing here: a 404 that says so, not an SDK error.
const served = serve({ client: inngest, functions: appInngestFunctions() });

const notConfigured = () =>
  Response.json(
    {
      error:
        "Inngest is not configured (INNGEST_EVENT_KEY, INNGEST_BASE_URL or INNGEST_DEV): jobs run on the embedded engine",
    },
    { status: 404 },
  );

const onInngest = jobs.provider === "inngest";
export const GET = onInngest ? served.GET : notConfigured;
export const POST = onInngest ? served.POST : notConfigured;
export const PUT = onInngest ? served.PUT : notConfigured;
