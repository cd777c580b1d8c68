export {
  articleAnnouncementJob,
  fediverseSweepJob,
  fediverseTaskJob,
  handleFediverseRequest,
  queueArticleAnnouncement,
} from "./app-federation.ts";
export { adminFediverseDeliveriesRouter } from "./deliveries-router.ts";
