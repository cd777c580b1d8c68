import { afterEach, describe, expect, it } from "vitest";
import { setLane, worksHere } from "~/platform/jobs/job-registry.ts";
import { fediverseJobNames } from "~/server/fediverse-jobs.ts";
import { serverLane } from "~/server/job-list.ts";
import { sendJobNames } from "~/server/send-jobs.ts";

/**
 * Which process works which job: the server leaves the fediverse's deliveries to their own process
 * (FEDIVERSE_PROCESS=own, the default) and the newsletter send to its own (NEWSLETTER_SEND_PROCESS=own), and
 * works them itself when told "server".
 */
afterEach(() => setLane({}));

describe("the server's lane", () => {
  it("with FEDIVERSE_PROCESS=own the server works no fediverse delivery nor announcement, but the inbox", () => {
    setLane(serverLane({ NEWSLETTER_SEND_PROCESS: "own", FEDIVERSE_PROCESS: "own" }));
    expect(worksHere("fediverse/task")).toBe(false);
    expect(worksHere("fediverse/article.announce")).toBe(false);
    expect(worksHere("fediverse/inbox")).toBe(true);
    expect(worksHere(sendJobNames[0]!)).toBe(false);
    expect(worksHere("newsletter/signup-mail.requested")).toBe(true);
  });

  it("the fediverse's own process works exactly the deliveries and the announcements", () => {
    expect([...fediverseJobNames].sort()).toEqual(["fediverse/article.announce", "fediverse/task"]);
    setLane({ only: fediverseJobNames });
    expect(worksHere("fediverse/task")).toBe(true);
    expect(worksHere("fediverse/inbox")).toBe(false);
  });

  it("with FEDIVERSE_PROCESS=server the server works the deliveries itself", () => {
    setLane(serverLane({ NEWSLETTER_SEND_PROCESS: "server", FEDIVERSE_PROCESS: "server" }));
    expect(worksHere("fediverse/task")).toBe(true);
    expect(worksHere(sendJobNames[0]!)).toBe(true);
  });
});
