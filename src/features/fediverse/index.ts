export { adminFediverseRouter } from "./admin-router.ts";
export {
  articleAnnouncementJob,
  fediverseDeliveryPruneJob,
  fediverseInboxJob,
  fediverseSweepJob,
  fediverseTaskJob,
  handleFediverseRequest,
  queueArticleAnnouncement,
} from "./app-federation.ts";
export { adminFediverseDeliveriesRouter } from "./deliveries-router.ts";
export { adminFediverseRepliesRouter } from "./replies-router.ts";
