"use client";

// Owned by the feature that builds this tab; the admin shell renders it under /admin/agents.
export function AgentsTab() {
  return <section data-testid="admin-tab-agents" />;
}
