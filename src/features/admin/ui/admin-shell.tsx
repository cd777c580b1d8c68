"use client";

import * as Tabs from "@radix-ui/react-tabs";
import { useQueryClient } from "@tanstack/react-query";
import { useLocale, useTranslations } from "next-intl";
import { type ComponentType, useEffect, useRef, useState } from "react";
import { AgentsTab, MigrationTab } from "~/features/agents/ui/admin.ts";
import { ManualGenerationDialog } from "~/features/agents/ui/manual-generation-dialog.tsx";
import { StatsTab } from "~/features/analytics/ui/admin.ts";
import { AuditTab } from "~/features/audit/ui/admin.ts";
import { FediverseReactionsSection, FediverseRepliesTab, FediverseTab } from "~/features/fediverse/ui/admin.ts";
import { JobsTab } from "~/features/job-runs/ui/admin.ts";
import {
  NewsletterAlertsBanner,
  NewsletterStatsSection,
  NewslettersTab,
  SubscriptionsTab,
} from "~/features/newsletter/ui/admin.ts";
import { PublicationsTab } from "~/features/publications/ui/admin.ts";
import { CorrectionEditor } from "~/features/publications/ui/correction-editor.tsx";
import { ReaderReportsTab } from "~/features/reader-reports/ui/admin.ts";
import { UsersPanel, useAuth } from "~/features/users/ui/admin.ts";
import { defaultLocale, isLocale, localizedPath } from "~/platform/i18n/locales.ts";
import { Link, usePathname, useRouter } from "~/platform/i18n/navigation.ts";
import { Button } from "~/ui/button.tsx";
import { cn } from "~/ui/cn.ts";
import { AccessDenied } from "./access-denied.tsx";
import { ADMIN_TABS, type AdminSectionKey, type AdminTabKey, sectionFromSlug, sectionPath } from "./sections.ts";

/** Publicaciones with the agents' manual generation dialog (composed here, so neither feature imports the other). */
function PublicationsWithGeneration() {
  return <PublicationsTab generationDialog={ManualGenerationDialog} />;
}

/** Estadísticas with the newsletter's section (composed here: analytics and the newsletter import each other otherwise). */
function StatsWithNewsletter() {
  return (
    <StatsTab
      newsletterSection={
        <>
          <NewsletterStatsSection />
          <FediverseReactionsSection />
        </>
      }
    />
  );
}

/** Avisos de lectores with the desk's correction editor (composed here: publications calls reader-reports). */
function ReaderReportsWithEditor() {
  return <ReaderReportsTab correctionEditor={CorrectionEditor} />;
}

const TAB_BODIES: Record<AdminTabKey, ComponentType> = {
  subscriptions: SubscriptionsTab,
  newsletters: NewslettersTab,
  agents: AgentsTab,
  publications: PublicationsWithGeneration,
  migration: MigrationTab,
  audit: AuditTab,
  jobs: JobsTab,
  stats: StatsWithNewsletter,
  readerReports: ReaderReportsWithEditor,
  fediverseReplies: FediverseRepliesTab,
  fediverse: FediverseTab,
};

/**
 * The admin panel (docs/product.md §2): header with the username and logout (→ /), the tabs with their own URLs (the spec's five, then Auditoría and Trabajos),
 * and the users section. The server already checked the role; this repeats the check on the client so a
 * sign-out or demotion in this tab leaves the panel at once.
 */
export function AdminShell({ section, username }: { section: AdminSectionKey; username: string }) {
  const t = useTranslations("admin");
  const router = useRouter();
  const { user, status, signOut } = useAuth();
  const locale = useLocale();
  const pathname = usePathname();
  const [active, setActive] = useState<AdminSectionKey>(section);
  const leaving = useRef(false);

  // The URL names the section, also after back and forward (see `select`).
  useEffect(() => setActive(sectionFromSlug(pathname.split("/")[2]) ?? section), [pathname, section]);
  // Signed out here or from the header: drop every admin answer this tab still holds.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (status === "anonymous") {
      queryClient.removeQueries({ predicate: (q) => JSON.stringify(q.queryKey).includes('"admin"') });
    }
  }, [status, queryClient]);
  useEffect(() => {
    if (status === "anonymous" && !leaving.current) {
      router.replace({ pathname: "/login", query: { callbackUrl: sectionPath(active) } });
    }
  }, [status, router, active]);

  if (user && user.role !== "admin") return <AccessDenied />;

  // A tab switch only moves the URL (Next keeps the native history in step with usePathname). A router
  // navigation would fetch the page again and remount the panel when the answer came, so a sub-tab or a form
  // the editor had already opened in the new tab snapped back.
  const select = (key: AdminSectionKey) => {
    setActive(key);
    window.history.pushState(null, "", localizedPath(sectionPath(key), isLocale(locale) ? locale : defaultLocale));
  };

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6" data-testid="admin-panel">
      <header className="flex flex-wrap items-center justify-between gap-4 border-b border-ink/15 pb-4">
        <div>
          <h1 className="font-serif text-3xl font-bold">{t("title")}</h1>
          <p className="mt-1 text-sm text-muted" data-testid="admin-username">
            {t("signedInAs", { username: user?.username ?? username })}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <Button asChild variant={active === "users" ? "secondary" : "ghost"} size="sm">
            <Link href={sectionPath("users")} data-testid="admin-users-link">
              {t("users.link")}
            </Link>
          </Button>
          <Button
            type="button"
            variant="outline"
            size="sm"
            data-testid="admin-logout"
            onClick={() => {
              leaving.current = true;
              // Home loaded as a document once the session is gone (its static parts need the document).
              void signOut()
                .catch(() => undefined)
                .then(() => window.location.assign(localizedPath("/", isLocale(locale) ? locale : defaultLocale)));
            }}
          >
            {t("logout")}
          </Button>
        </div>
      </header>
      <div className="mt-6 empty:hidden">
        <NewsletterAlertsBanner />
      </div>

      <Tabs.Root
        value={active === "users" ? "" : active}
        onValueChange={(value) => select(value as AdminTabKey)}
        activationMode="manual"
        className="mt-6"
      >
        <Tabs.List
          aria-label={t("tabsLabel")}
          className="flex gap-1 overflow-x-auto rounded-lg border border-ink/15 bg-surface p-1"
        >
          {ADMIN_TABS.map((tab) => (
            <Tabs.Trigger
              key={tab.key}
              value={tab.key}
              data-testid={`admin-tab-trigger-${tab.key}`}
              className={cn(
                "whitespace-nowrap rounded-md px-4 py-2 text-sm font-semibold text-muted transition-colors",
                "hover:text-ink data-[state=active]:bg-ink data-[state=active]:text-paper",
              )}
            >
              {t(`tabs.${tab.key}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {ADMIN_TABS.map((tab) => {
          const Body = TAB_BODIES[tab.key];
          return (
            <Tabs.Content key={tab.key} value={tab.key} className="mt-6 outline-none">
              <Body />
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
      {active === "users" && <UsersPanel currentUserId={user?.id} />}
    </main>
  );
}
