import PgBoss from "pg-boss";

/**
 * Sends jobs to a running server's embedded engine (its pg-boss queue in the server's database), as a
 * schedule's fire does: the server's own worker runs them. For tests about what a background job does, not
 * about when its schedule fires (the schedules have tests of their own: tests/integration/job-schedules.test.ts).
 */
export async function jobTrigger(databaseUrl: string) {
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: "pgboss",
    supervise: false,
    schedule: false,
    migrate: false,
  });
  await boss.start();
  return {
    send: (name: string, data: object = {}) => boss.send(name, data),
    stop: () => boss.stop({ graceful: false, wait: false }),
  };
}
