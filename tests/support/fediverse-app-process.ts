/**
 * The server's job side in a process of its own, as the server runs it (startAppJobs: the embedded engine with
 * the app's jobs on DATABASE_URL, leaving to their own processes the jobs FEDIVERSE_PROCESS=own and
 * NEWSLETTER_SEND_PROCESS=own give them). With an argument `announce:<articleId>` it also queues the article's
 * publication to the fediverse, as the desk does. The fediverse's deliveries are worked by
 * scripts/fediverse-process.ts, which the tests and the bench start beside it (tests/support/fediverse-deliverer.ts).
 */

import { articleAnnouncementJob } from "~/features/fediverse/index.ts";
import { enqueue, prepareJob } from "~/platform/jobs/jobs-client.ts";
import { startAppJobs } from "~/server/job-list.ts";

await startAppJobs();
await prepareJob(articleAnnouncementJob);
const [kind, id] = (process.argv[2] ?? "").split(":");
if (kind === "announce" && id) await enqueue(articleAnnouncementJob, { kind: "published", articleId: id });
process.send?.({ ready: true });
