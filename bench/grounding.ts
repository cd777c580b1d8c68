/**
 * npm run bench:grounding — the verifier against scripted drafts. The fixture corpus is served on loopback and
 * read through the real source fetcher; drafts come from the real openai SDK talking to the loopback fake
 * OpenAI; then verifyDraft checks them. Prints recall on injected fabrications, false flags on faithful
 * drafts and the time to verify an 800-word draft with 5 sources (fetching excluded). Then the adversarial corpus
 * (bench/lib/grounding-adversarial.ts): drafts written to slip past the checks, recall per kind.
 */
import os from "node:os";
import OpenAI from "openai";
import type { DraftForCheck, SourceForCheck } from "~/features/grounding/verification/types.ts";
import { verifyDraft } from "~/features/grounding/verification/verify.ts";
import { createSourceFetcher, type FetchOutcome } from "~/platform/providers/source-fetcher/index.ts";
import { DEFAULT_DRAFT, type FakeDraft, startFakeOpenAi } from "../tests/support/fake-openai.ts";
import { startFixtureSources } from "../tests/support/fixture-sources.ts";
import { timeFactExtraction } from "./lib/fact-extraction-timing.ts";
import { runAdversarial } from "./lib/grounding-adversarial-run.ts";
import { bodyOf, buildCases, type Case, corpus, EXPECTED } from "./lib/grounding-cases.ts";

const site = await startFixtureSources();
const fake = await startFakeOpenAi();
const fetcher = createSourceFetcher({
  // Only the fixture server (as an extra host) is reachable; localhost stands for an off-list blog.
  isAllowedHost: () => false,
  extraHosts: [site.host],
  userAgent: "RiesgosIA-SourceFetcher/1.0 (+bench)",
});
const plan = {
  pageUrl: (p: { path: string }) => `${site.url}/${p.path}`,
  missingUrl: `${site.url}/www.gov.uk/en/removed-page.html`,
  offListUrl: `http://localhost:${site.port}/blog.example.com/ai-readiness.html`,
};

// Fetch every source once (the verification timing below excludes this).
const fetchStarted = performance.now();
const outcomes = new Map<string, FetchOutcome>();
for (const url of [...corpus.pages.map(plan.pageUrl), plan.missingUrl, plan.offListUrl])
  outcomes.set(url, await fetcher.fetch(url));
const fetchMs = performance.now() - fetchStarted;
for (const [url, o] of outcomes)
  if (!o.ok && url !== plan.missingUrl && url !== plan.offListUrl) throw new Error(`${url}: ${o.detail}`);

const textOf = (url: string) => {
  const o = outcomes.get(url);
  return o?.ok ? o.text : "";
};
const sourcesFor = (urls: string[]): SourceForCheck[] =>
  urls.map((url, i) => {
    const o = outcomes.get(url);
    return {
      n: i + 1,
      url,
      finalUrl: o?.finalUrl ?? null,
      status: o?.status ?? null,
      allowListed: fetcher.allows(url),
      fetched: !!o?.ok,
      text: o?.ok ? o.text : "",
    };
  });

const openai = new OpenAI({ apiKey: "bench", baseURL: `${fake.url}/v1`, maxRetries: 0 });
const jsonFormat = (name: string) => ({
  type: "json_schema" as const,
  json_schema: { name, schema: { type: "object" } },
});

/** The model's draft and translation for a case, through the real SDK and the fake server. */
async function draftsFor(c: Case): Promise<DraftForCheck[]> {
  const draft = {
    ...DEFAULT_DRAFT,
    body: bodyOf("Borrador", c.es),
    sources: c.urls.map((url) => ({ name: url, url })),
    sentences: c.es,
  };
  fake.draft = draft as FakeDraft;
  fake.translation = {
    title: "Draft",
    summary: "",
    body: bodyOf("Draft", c.en),
    sentences: c.en,
  } as typeof fake.translation;
  const ask = async (name: string) => {
    const res = await openai.chat.completions.create({
      model: "fake",
      messages: [{ role: "user", content: name }],
      response_format: jsonFormat(name),
    });
    return JSON.parse(res.choices[0]?.message.content ?? "{}") as {
      body: string;
      sentences: Case["es"];
      sources?: { url: string }[];
    };
  };
  const es = await ask("article_draft");
  const en = await ask("translation");
  const urls = (es.sources ?? []).map((s) => s.url);
  return [
    { lang: "es", body: es.body, sentences: es.sentences, sourceUrls: urls },
    { lang: "en", body: en.body, sentences: en.sentences, sourceUrls: urls },
  ];
}

const { faithful, fabricated } = buildCases(plan, textOf);
let faithfulFlagged = 0;
let faithfulClaims = 0;
let falseFindings = 0;
for (const c of faithful) {
  const report = verifyDraft({ drafts: await draftsFor(c), sources: sourcesFor(c.urls) });
  faithfulClaims += report.claims.length;
  falseFindings += report.findings.length;
  if (report.findings.length) {
    faithfulFlagged++;
    for (const f of report.findings)
      console.log(`  false flag ${c.name} [${f.lang}] ${f.check}: ${f.claim} — ${f.sentence}`);
  }
}
const byType = new Map<string, { cases: number; caught: number }>();
for (const c of fabricated) {
  const fabrication = c.fabrication ?? "invented_quote";
  const report = verifyDraft({ drafts: await draftsFor(c), sources: sourcesFor(c.urls) });
  const expected = EXPECTED[fabrication];
  const caught =
    report.status !== "verified" &&
    report.findings.some((f) => expected.checks.includes(f.check) && (!expected.lang || f.lang === expected.lang));
  if (!caught) console.log(`  missed ${c.name}: ${report.status} ${report.findings.map((f) => f.check).join(",")}`);
  const row = byType.get(fabrication) ?? { cases: 0, caught: 0 };
  row.cases++;
  row.caught += caught ? 1 : 0;
  byType.set(fabrication, row);
}

// An 800-word draft over 5 sources: the facts of five topics, repeated until 800 words.
const five = [...new Set(corpus.pages.map((p) => p.topic))].slice(0, 5);
const longCase = buildCases(plan, textOf).faithful.find((c) => c.name === `faithful:${five[0]}`) as Case;
const urls = five.map((t) => plan.pageUrl(corpus.pages.find((p) => p.topic === t && p.lang === "es") ?? { path: "" }));
const sentences = five.flatMap((t, i) => (corpus.facts[t] ?? []).map((f) => ({ text: f.es, sources: [i + 1] })));
const long: Case = { ...longCase, urls, es: [], en: [] };
for (let i = 0; bodyOf("T", long.es).split(/\s+/).length < 800; i++)
  long.es.push(sentences[i % sentences.length] as Case["es"][number]);
// With a title and a summary, checked like the body (against every read source).
const longDraft: DraftForCheck = {
  lang: "es",
  title: long.es[0]?.text.replace(/\.$/, "") ?? "",
  summary: long.es[1]?.text ?? "",
  body: bodyOf("T", long.es),
  sentences: long.es,
  sourceUrls: urls,
};
const longSources = sourcesFor(urls);
const words = longDraft.body.split(/\s+/).length;
for (let i = 0; i < 5; i++) verifyDraft({ drafts: [longDraft], sources: longSources });
const times: number[] = [];
let longReport = verifyDraft({ drafts: [longDraft], sources: longSources });
for (let i = 0; i < 30; i++) {
  const t = performance.now();
  longReport = verifyDraft({ drafts: [longDraft], sources: longSources });
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);

await site.close();
await fake.close();

const totalCases = fabricated.length;
const totalCaught = [...byType.values()].reduce((s, r) => s + r.caught, 0);
const pct = (a: number, b: number) => `${((100 * a) / Math.max(1, b)).toFixed(1)} %`;
console.log(
  `\nGrounding bench — ${new Date().toISOString()} — node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), load ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
console.log(
  `Corpus: ${corpus.pages.length} pages (${corpus.pages.filter((p) => p.path.endsWith(".pdf")).length} PDF) fetched through the source fetcher in ${fetchMs.toFixed(0)} ms`,
);
console.log("\n| fabrication | cases | caught |\n|---|---|---|");
for (const [type, r] of byType) console.log(`| ${type} | ${r.cases} | ${r.caught} |`);
console.log(`| **all** | **${totalCases}** | **${totalCaught}** (recall ${pct(totalCaught, totalCases)}) |`);
console.log(
  `\nFaithful drafts: ${faithful.length} (es + en), flagged ${faithfulFlagged} → false-flag rate ${pct(faithfulFlagged, faithful.length)} of drafts; ${falseFindings} false findings over ${faithfulClaims} claims (${pct(falseFindings, faithfulClaims)})`,
);
console.log(
  `Verify an ${words}-word draft with ${urls.length} sources (${longReport.claims.length} claims, status ${longReport.status}): median ${times[15]?.toFixed(1)} ms, p95 ${times[28]?.toFixed(1)} ms, max ${times[29]?.toFixed(1)} ms (30 runs after 5 warm-up)`,
);

timeFactExtraction(
  [...outcomes].flatMap(([url, o]) => (o.ok ? [{ path: url.slice(site.url.length + 1), text: o.text }] : [])),
);

runAdversarial();
