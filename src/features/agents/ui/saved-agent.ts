"use client";

import { api } from "~/trpc/react.tsx";
import type { AgentDto } from "../schema.ts";

/**
 * Shows an agent the server has just stored (a mutation's answer) in the agents list at once: in its place when
 * edited, first when new (the list is newest first); the list is then read again in the background. Awaiting
 * that reload first left a loaded server's admin with the toast shown and the form or the old row still there.
 */
export function useShowSavedAgent() {
  const utils = api.useUtils();
  return (saved: AgentDto) => {
    utils.admin.agents.list.setData(undefined, (list) =>
      list?.some((agent) => agent.id === saved.id)
        ? list.map((agent) => (agent.id === saved.id ? saved : agent))
        : list && [saved, ...list],
    );
    void utils.admin.agents.list.invalidate();
  };
}
