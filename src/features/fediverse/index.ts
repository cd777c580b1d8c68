export { handleOf } from "./actors.ts";
export {
  appFediverse,
  articleAnnouncementJob,
  fediverseTaskJob,
  handleFediverseRequest,
  queueArticleAnnouncement,
} from "./app-federation.ts";
export { fediverseEnabled } from "./settings.ts";
