"use client";

// Owned by the feature that builds this tab; the admin shell renders it under /admin/newsletters.
export function NewslettersTab() {
  return <section data-testid="admin-tab-newsletters" />;
}
