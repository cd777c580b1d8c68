"use client";

// Owned by the feature that builds this tab; the admin shell renders it under /admin/migration.
export function MigrationTab() {
  return <section data-testid="admin-tab-migration" />;
}
