/** Links in a reply are its author's: no ranking credit, marked as user content, no opener. */
export const REPLY_LINK_REL = "nofollow ugc noopener";
