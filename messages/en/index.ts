// One JSON file per area; add an area here when a feature brings its own texts.
import agents from "./agents.json";
import auth from "./auth.json";
import common from "./common.json";
import desk from "./desk.json";
import emails from "./emails.json";
import errors from "./errors.json";
import fediverse from "./fediverse.json";
import fediverseAdmin from "./fediverse-admin.json";
import fediverseDeliveries from "./fediverse-deliveries.json";
import fediverseReplies from "./fediverse-replies.json";
import jobLogs from "./job-logs.json";
import jobs from "./jobs.json";
import migration from "./migration.json";
import newsletter from "./newsletter.json";
import newsletterAdmin from "./newsletter-admin.json";
import outcomes from "./outcomes.json";
import publications from "./publications.json";
import readerReports from "./reader-reports.json";
import readers from "./readers.json";
import site from "./site.json";
import stats from "./stats.json";
import trust from "./trust.json";

export default {
  ...common,
  ...auth,
  ...site,
  ...newsletter,
  ...newsletterAdmin,
  ...agents,
  ...publications,
  ...migration,
  ...desk,
  ...jobs,
  ...emails,
  ...outcomes,
  ...errors,
  ...jobLogs,
  ...fediverse,
  ...fediverseReplies,
  ...fediverseAdmin,
  ...fediverseDeliveries,
  ...readers,
  ...readerReports,
  ...stats,
  ...trust,
};
