"use client";

// Owned by the feature that builds this tab; the admin shell renders it under /admin/publications.
export function PublicationsTab() {
  return <section data-testid="admin-tab-publications" />;
}
