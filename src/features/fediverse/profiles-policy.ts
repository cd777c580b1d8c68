/** How long a changed handle still answers WebFinger, so servers that knew the old one find the actor. */
export const HANDLE_ALIAS_DAYS = 30;
