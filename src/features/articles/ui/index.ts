export { ArticleCard } from "./article-card.tsx";
export { Byline } from "./byline.tsx";
export { HomeHero } from "./home-hero.tsx";
export { HomeNewsletter, SidebarSection } from "./home-sidebar.tsx";
export { NewsExplorer } from "./news-explorer.tsx";
export { TagList, TopicBadges } from "./topic-badges.tsx";
export { TrendingTopics } from "./trending-topics.tsx";
