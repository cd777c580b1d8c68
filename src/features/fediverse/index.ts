export {
  articleAnnouncementJob,
  fediverseSweepJob,
  fediverseTaskJob,
  handleFediverseRequest,
  queueArticleAnnouncement,
} from "./app-federation.ts";
