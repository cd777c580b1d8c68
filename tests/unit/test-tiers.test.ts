import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import config from "../../vitest.config.ts";
import { BUILD_PROJECTS, EXPECTED_SECONDS, FAST_PROJECTS } from "../tiers.ts";

/**
 * The tiers of docs/testing.md, as vitest.config.ts defines them: every test file runs in exactly one project,
 * the "unit" project starts no other program, and only the resilience tier starts servers of its own (the
 * contract tier's files, and the seeded-site and whole-site ones, share one server).
 */
interface Project {
  test: { name: string; include: string[]; exclude?: string[]; globalSetup?: string[]; setupFiles?: string[] };
}
const projects = (config.test?.projects ?? []) as Project[];

function filesOf(name: string): string[] {
  const project = projects.find((p) => p.test.name === name);
  if (!project) throw new Error(`no project ${name}`);
  return fs.globSync(project.test.include, { exclude: project.test.exclude ?? [] }).sort();
}
const read = (file: string) => fs.readFileSync(file, "utf8");
/** A file's text with that of the helpers it imports from its own folder (a server may start in one). */
function withLocalHelpers(file: string): string {
  const text = read(file);
  const helpers = [...text.matchAll(/from "\.\/([\w-]+\.ts)"/g)].map((m) => path.join(path.dirname(file), m[1] ?? ""));
  return [text, ...helpers.filter((h) => fs.existsSync(h)).map(read)].join("\n");
}

describe("test tiers", () => {
  it("runs every test file in exactly one project", () => {
    const all = fs.globSync("tests/**/*.test.{ts,tsx}").sort();
    const assigned = projects.flatMap((p) => filesOf(p.test.name)).sort();
    expect(assigned).toEqual(all);
  });

  it("keeps programs that other processes run out of the unit project", () => {
    // Built from parts so that this file's own source does not match it.
    const importsChildProcess = new RegExp(`from "node:${"child_process"}"`);
    const spawning = filesOf("unit").filter((f) => importsChildProcess.test(read(f)));
    expect(spawning).toEqual([]);
  });

  it("starts servers of a file's own only in the resilience tier", () => {
    const ownServers = /CrashableServer|startCluster|newsletterSite\(|scripts\/start\.ts/;
    for (const shared of ["contract", "seeded-site", "whole-site"]) {
      expect(filesOf(shared).filter((f) => ownServers.test(withLocalHelpers(f)))).toEqual([]);
    }
    expect(filesOf("resilience").filter((f) => !ownServers.test(withLocalHelpers(f)))).toEqual([]);
  });

  it("names as making the build exactly the projects whose global setup makes it", () => {
    const building = projects.filter((p) =>
      (p.test.globalSetup ?? []).some((file) => /\bensureBuild\(/.test(read(file))),
    );
    expect(building.map((p) => p.test.name).sort()).toEqual([...BUILD_PROJECTS].sort());
  });

  it("names as fast exactly the projects whose files take a fast slot", () => {
    const slotted = projects.filter((p) => (p.test.setupFiles ?? []).includes("tests/setup/fast-slot.ts"));
    expect(slotted.map((p) => p.test.name).sort()).toEqual([...FAST_PROJECTS].sort());
  });

  it("names only existing test files among the longest ones the sequencer starts first", () => {
    const missing = Object.keys(EXPECTED_SECONDS).filter((f) => !fs.existsSync(f) || !f.endsWith(".test.ts"));
    expect(missing).toEqual([]);
  });
});
