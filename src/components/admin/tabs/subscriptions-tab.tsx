"use client";

// Owned by the feature that builds this tab; the admin shell renders it under /admin/subscriptions.
export function SubscriptionsTab() {
  return <section data-testid="admin-tab-subscriptions" />;
}
