import sharp from "sharp";
import { type FakeServer, type RecordedRequest, startFakeServer } from "./fake-http.ts";

export interface FakeDraft {
  title: string;
  summary: string;
  body: string;
  topics: string[];
  tags: string[];
  sources: { name: string; url: string }[];
}

export const DEFAULT_DRAFT: FakeDraft = {
  title: "La Oficina Europea de IA publica el código de buenas prácticas",
  summary: "La Comisión Europea publica el código de buenas prácticas para modelos de IA de uso general.",
  body: "## Qué cambia\n\nEl código detalla obligaciones de transparencia y seguridad.\n\n- Documentación técnica\n- Derechos de autor",
  topics: ["regulacion", "Seguridad Alignment"],
  tags: ["AI Act", "GPAI"],
  sources: [{ name: "Comisión Europea", url: "https://digital-strategy.ec.europa.eu/es/policies/ai-code-practice" }],
};

export const DEFAULT_TRANSLATION = {
  title: "The European AI Office publishes the code of practice",
  summary: "The European Commission publishes the code of practice for general-purpose AI models.",
  body: "## What changes\n\nThe code details transparency and safety obligations.",
};

export interface FakeOpenAi extends FakeServer {
  /** What the next drafts contain (tests change it per case). */
  draft: FakeDraft;
  translation: typeof DEFAULT_TRANSLATION;
  /** What the images API answers: null for its default (a valid PNG as b64_json), or a URL / base64 of a test's choosing. */
  imageAnswer: { url: string } | { b64_json: string } | null;
  /** The chat completions received; with `format`, only those asking for that response_format (e.g. "article_draft"). */
  chatRequests(format?: string): RecordedRequest[];
}

const formatName = (body: unknown) =>
  (body as { response_format?: { json_schema?: { name?: string } } })?.response_format?.json_schema?.name;

function completion(content: string, extra: Record<string, unknown> = {}) {
  return {
    id: `chatcmpl-${Math.random().toString(36).slice(2)}`,
    object: "chat.completion",
    created: Math.floor(Date.now() / 1000),
    model: "fake-model",
    choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content, refusal: null } }],
    usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    ...extra,
  };
}

/**
 * OpenAI's chat-completions and images APIs (what the openai SDK calls at OPENAI_BASE_URL). With
 * `citations`, it also answers like Perplexity (citations + search_results on each completion).
 */
export async function startFakeOpenAi(
  opts: { citations?: { title: string; url: string }[] } = {},
): Promise<FakeOpenAi> {
  const image = await sharp({
    create: { width: 1536, height: 1024, channels: 3, background: { r: 20, g: 60, b: 120 } },
  })
    .png()
    .toBuffer();
  const state = {
    draft: { ...DEFAULT_DRAFT },
    translation: { ...DEFAULT_TRANSLATION },
    imageAnswer: null as FakeOpenAi["imageAnswer"],
  };
  const extra = opts.citations ? { citations: opts.citations.map((c) => c.url), search_results: opts.citations } : {};
  const server = await startFakeServer((req) => {
    if (req.method === "POST" && req.path.endsWith("/chat/completions")) {
      const name = formatName(req.body);
      if (name === "translation") return { body: completion(JSON.stringify(state.translation), extra) };
      if (name === "research_notes")
        return { body: completion(JSON.stringify({ notes: "Notas de investigación" }), extra) };
      return { body: completion(JSON.stringify(state.draft), extra) };
    }
    if (req.method === "POST" && req.path.endsWith("/images/generations")) {
      const data = state.imageAnswer ?? { b64_json: image.toString("base64") };
      return { body: { created: Math.floor(Date.now() / 1000), data: [data] } };
    }
    return { status: 404, body: { error: { message: `no route ${req.method} ${req.path}` } } };
  });
  // Accessors (not copied values), so a test's `fake.draft = …` changes what the server answers.
  return Object.defineProperties(server, {
    draft: { get: () => state.draft, set: (d: FakeDraft) => (state.draft = d) },
    translation: { get: () => state.translation, set: (t: typeof DEFAULT_TRANSLATION) => (state.translation = t) },
    imageAnswer: { get: () => state.imageAnswer, set: (a: FakeOpenAi["imageAnswer"]) => (state.imageAnswer = a) },
    chatRequests: {
      value: (format?: string) =>
        server.requests.filter(
          (r) => r.path.endsWith("/chat/completions") && (format === undefined || formatName(r.body) === format),
        ),
    },
  }) as FakeOpenAi;
}
