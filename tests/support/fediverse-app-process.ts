/**
 * The site's job side in a process of its own, as the server runs it: the embedded engine on DATABASE_URL with
 * the app's jobs (the fediverse's announce and task jobs among them). With an argument `announce:<articleId>` it
 * also queues the article's publication to the fediverse, as the desk does. The crash test kills it with SIGKILL.
 */

import { articleAnnouncementJob } from "~/features/fediverse/index.ts";
import { getEngine } from "~/platform/jobs/engines/embedded/engine.ts";
import { enqueue } from "~/platform/jobs/jobs-client.ts";
import { registerAppJobs } from "~/server/job-list.ts";

registerAppJobs();
await getEngine();
const [kind, id] = (process.argv[2] ?? "").split(":");
if (kind === "announce" && id) await enqueue(articleAnnouncementJob, { kind: "published", articleId: id });
process.send?.({ ready: true });
