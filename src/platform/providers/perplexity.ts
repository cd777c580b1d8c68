import OpenAI from "openai";
import { z } from "zod";
import { env } from "~/platform/env/env.js";
import type { ChatRequest } from "./openai.ts";
import { notConfigured } from "./provider-error.ts";

/** Perplexity speaks the OpenAI chat API (at PERPLEXITY_BASE_URL) and adds the web pages it cited. */
let client: OpenAI | undefined;

export const perplexityConfigured = () => Boolean(env.PERPLEXITY_API_KEY);

function perplexityClient(): OpenAI {
  if (!env.PERPLEXITY_API_KEY) throw notConfigured("PERPLEXITY_API_KEY", "Perplexity");
  client ??= new OpenAI({
    apiKey: env.PERPLEXITY_API_KEY,
    baseURL: env.PERPLEXITY_BASE_URL,
    maxRetries: 1,
    timeout: 120_000,
  });
  return client;
}

const searchResultSchema = z.object({ title: z.string().optional(), url: z.string() });
/** The extra fields Perplexity adds to a chat completion. */
const citationsSchema = z.object({
  citations: z.array(z.string()).optional(),
  search_results: z.array(searchResultSchema).optional(),
});

export interface Citation {
  name: string;
  url: string;
}

/** Strips a Markdown code fence some models wrap JSON in. */
function jsonFrom(content: string): unknown {
  const fenced = content.match(/```(?:json)?\s*([\s\S]*?)```/);
  return JSON.parse((fenced?.[1] ?? content).trim());
}

/** A web-searched answer in the shape of `schema`, plus the pages Perplexity cited. */
export async function perplexityStructured<S extends z.ZodType>(
  request: ChatRequest,
  schema: S,
  name: string,
): Promise<{ data: z.output<S>; citations: Citation[] }> {
  const completion = await perplexityClient().chat.completions.create({
    model: env.PERPLEXITY_MODEL,
    messages: [
      { role: "system", content: request.system },
      { role: "user", content: request.user },
    ],
    response_format: { type: "json_schema", json_schema: { name, schema: z.toJSONSchema(schema) } },
  });
  const content = completion.choices[0]?.message?.content ?? "";
  const data = schema.parse(jsonFrom(content));
  const extra = citationsSchema.parse(completion);
  const titled = new Map((extra.search_results ?? []).map((r) => [r.url, r.title]));
  const urls = [...new Set([...(extra.citations ?? []), ...titled.keys()])];
  const citations = urls.map((url) => ({ name: titled.get(url) || hostOf(url), url }));
  return { data, citations };
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, "");
  } catch {
    return url;
  }
}
