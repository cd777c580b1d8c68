import OpenAI from "openai";
import { zodResponseFormat } from "openai/helpers/zod";
import type { z } from "zod";
import { env } from "~/platform/env/env.js";
import { notConfigured } from "./provider-error.ts";
import { checkedImage, downloadProviderImage } from "./provider-image.ts";

/**
 * OpenAI (or any server speaking its API at OPENAI_BASE_URL). Clients are built on first use so a missing
 * key only matters to the runs that need it. The SDK retries a transient failure (5xx, 429, a timeout after
 * OPENAI_TIMEOUT_MS) once; the job's steps retry further with backoff.
 */
let client: OpenAI | undefined;

export const openAiConfigured = () => Boolean(env.OPENAI_API_KEY);

function openAiClient(): OpenAI {
  if (!env.OPENAI_API_KEY) throw notConfigured("OPENAI_API_KEY", "OpenAI");
  client ??= new OpenAI({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL ?? undefined,
    maxRetries: 1,
    timeout: env.OPENAI_TIMEOUT_MS ?? 120_000,
  });
  return client;
}

export interface ChatRequest {
  system: string;
  user: string;
}

/** A chat completion whose answer must match `schema` (OpenAI structured output, validated again by zod). */
export async function openAiStructured<S extends z.ZodType>(
  request: ChatRequest,
  schema: S,
  name: string,
): Promise<z.output<S>> {
  const completion = await openAiClient().chat.completions.parse({
    model: env.OPENAI_MODEL,
    messages: [
      { role: "system", content: request.system },
      { role: "user", content: request.user },
    ],
    response_format: zodResponseFormat(schema, name),
  });
  const message = completion.choices[0]?.message;
  if (message?.refusal) throw new Error(`OpenAI refused: ${message.refusal}`);
  return schema.parse(message?.parsed ?? JSON.parse(message?.content ?? "null"));
}

/**
 * One image for an article (base64 from gpt-image-*, or a URL from older models), as bytes that decode as an
 * image. A URL is fetched under the source fetcher's address policy (provider-image.ts): only a host the
 * operator named in SOURCE_FETCH_EXTRA_HOSTS may be on a private address.
 */
export async function openAiImage(prompt: string): Promise<Buffer> {
  const response = await openAiClient().images.generate({
    model: env.OPENAI_IMAGE_MODEL,
    prompt,
    n: 1,
    size: "1536x1024",
  });
  const image = response.data?.[0];
  if (image?.b64_json) return checkedImage(Buffer.from(image.b64_json, "base64"));
  if (image?.url) return downloadProviderImage(image.url, { extraHosts: env.SOURCE_FETCH_EXTRA_HOSTS ?? [] });
  throw new Error("OpenAI returned no image");
}
