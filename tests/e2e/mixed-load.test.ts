import fs from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { lostWrites, runMixedLoad, summarise } from "../../bench/lib/mixed-load.ts";

/**
 * Load held (issue 8), the in-suite version of `npm run bench:reliability`'s first phase: concurrent readers
 * and writers (newsletter signups, contact messages, each from its own client address) against the production
 * server for LOAD_TEST_SECONDS. Nothing answers 5xx, nothing fails to connect, and every write acknowledged
 * with a 2xx has its row. The 60 s run and the PostgreSQL restart under load are in the bench script.
 */
const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const SECONDS = Number(process.env.LOAD_TEST_SECONDS ?? 20);
const articles = JSON.parse(fs.readFileSync("seed/data/articles.json", "utf8")) as { slug: string }[];
const pages = ["/", `/noticias/${articles[0]!.slug}`, "/noticias", "/en", "/referentes", "/buscar?q=regulacion"];

describe("mixed traffic", () => {
  it(
    `${SECONDS} s of page reads, signups and contact messages: 0 5xx, 0 lost writes`,
    async () => {
      const samples = await runMixedLoad({ baseUrl, pages, seconds: SECONDS, workers: 16 });
      const summary = summarise(samples);
      expect(summary.fiveXx, JSON.stringify(summary.statuses)).toBe(0);
      expect(summary.connectionErrors).toBe(0);
      expect(summary.acknowledgedWrites).toBeGreaterThan(10);
      // Every request was answered with success: no rate limit or validation error in this traffic either.
      expect(samples.filter((s) => s.status !== 200).map((s) => `${s.kind} ${s.status} ${s.error ?? ""}`)).toEqual([]);
      expect(await lostWrites(databaseUrl, samples)).toEqual([]);
    },
    (SECONDS + 60) * 1000,
  );
});
