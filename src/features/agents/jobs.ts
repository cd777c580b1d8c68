import { z } from "zod";
import { invalidateArticles } from "~/features/articles/index.ts";
import { checkSources, generateArticleImage } from "~/features/publications/index.ts";
import { db } from "~/platform/db/db.ts";
import { defineJob } from "~/platform/jobs/contract.ts";
import { ProviderUnavailableError } from "~/platform/providers/provider-error.ts";
import { gatherMaterial, translateDraft, writeDraft } from "./pipeline.ts";
import { assertRunnable, loadRunPlan } from "./run-plan.ts";
import { appendRunLog, markRunFailed } from "./runs.ts";
import { saveRunArticle } from "./save-article.ts";
import type { RunFailure } from "./schema.ts";

const AGENT_RUN_RETRIES = 3;

function failureOf(err: unknown): { message: string; failure: RunFailure } {
  // Inngest hands a step's final error to the handler wrapped in a StepError; its cause is the original.
  const original =
    (err as { name?: string; cause?: unknown })?.name === "StepError" ? ((err as Error).cause ?? err) : err;
  if (original instanceof ProviderUnavailableError)
    return { message: original.message, failure: { code: original.code, params: original.params } };
  const message = original instanceof Error ? original.message : String(original);
  return { message, failure: { code: "provider", params: { message } } };
}

/**
 * Executes one agent run in durable steps: gather material → draft → complete the other language → check
 * sources → image (if enabled) → save → finish. Each step appends to the run's logs; a step that succeeded is
 * never repeated on retry, and "save" is idempotent, so a replayed run never writes a second article.
 */
export const agentRunJob = defineJob({
  name: "agents/run.requested",
  schema: z.object({ runId: z.string().min(1) }),
  retries: AGENT_RUN_RETRIES,
  handler: async ({ runId }, { step, attempt }) => {
    try {
      const plan = await step.run("start", async () => {
        const plan = await loadRunPlan(db, runId);
        const already = await db.article.findUnique({ where: { agent_run_id: runId }, select: { slug: true } });
        await db.agentRun.update({
          where: { id: runId },
          data: { status: "running", started_at: new Date(), finished_at: null, error: null, progress: 5 },
        });
        await appendRunLog(
          db,
          runId,
          already
            ? `Repetición de una ejecución que ya guardó '${already.slug}': no se creará otro artículo`
            : `Inicio: ${plan.kind} (${plan.agentName})`,
        );
        return plan;
      });
      // Outside any step, so a missing key fails the run at once under Inngest as well as in-process
      // (a non-retriable error thrown inside a step would only end that step).
      assertRunnable(plan);

      const material = await step.run("gather-material", async () => {
        const material = await gatherMaterial(db, plan);
        for (const note of material.notes) await appendRunLog(db, runId, note);
        await appendRunLog(db, runId, `Material reunido: ${material.sources.length} fuentes`, 20);
        return material;
      });
      if (plan.kind === "news-aggregator" && material.items.length === 0) {
        return step.run("finish-empty", async () => {
          await db.agentRun.update({
            where: { id: runId },
            data: {
              status: "completed",
              progress: 100,
              finished_at: new Date(),
              result: { generatedContent: { title: "", type: plan.contentType, metadata: { newItems: 0 } } },
              logs: { push: "Sin novedades: todas las noticias ya estaban cubiertas" },
            },
          });
          if (plan.agentId) await db.agent.update({ where: { id: plan.agentId }, data: { last_run: new Date() } });
          return { articleId: null };
        });
      }

      const draft = await step.run("draft", async () => {
        const draft = await writeDraft(plan, material);
        await appendRunLog(db, runId, `Borrador (${plan.language}): "${draft.title}"`, 45);
        return draft;
      });

      const translation = await step.run("complete-language", async () => {
        const translation = await translateDraft(plan, draft);
        await appendRunLog(db, runId, `Versión ${plan.language === "es" ? "en" : "es"}: "${translation.title}"`, 60);
        return translation;
      });

      const check = await step.run("check-sources", async () => {
        const check = checkSources(draft.sources);
        const line =
          check.reason === "ok"
            ? `Fuentes verificadas: ${draft.sources.length} oficiales`
            : check.reason === "noSources"
              ? "Sin fuentes: requiere revisión"
              : `Fuentes fuera de la lista oficial (${check.rejected.join(", ")}): requiere revisión`;
        await appendRunLog(db, runId, line, 70);
        return check;
      });

      const imageUrl = plan.generateImage
        ? await step.run("image", async () => {
            try {
              const url = await generateArticleImage(draft.title, draft.summary);
              await appendRunLog(db, runId, "Imagen generada (1200×630)", 85);
              return url;
            } catch (err) {
              // An article without an image is still worth reviewing; the editor can regenerate it later.
              await appendRunLog(db, runId, `Imagen no generada: ${failureOf(err).message}`, 85);
              return null;
            }
          })
        : null;

      const saved = await step.run("save", async () => {
        const saved = await saveRunArticle(db, plan, draft, translation, check, imageUrl);
        await appendRunLog(
          db,
          runId,
          saved.created
            ? `Guardado '${saved.slug}' (${saved.status}${saved.review_required ? ", requiere revisión" : ""})`
            : `Artículo '${saved.slug}' ya guardado por esta ejecución`,
          95,
        );
        return saved;
      });

      return await step.run("finish", async () => {
        await db.agentRun.update({
          where: { id: runId },
          data: {
            status: "completed",
            progress: 100,
            finished_at: new Date(),
            result: {
              generatedContent: {
                title: saved.title,
                type: plan.contentType,
                metadata: {
                  slug: saved.slug,
                  status: saved.status,
                  review_required: saved.review_required,
                  sources: draft.sources.length,
                  language: plan.language,
                  image: Boolean(imageUrl),
                },
              },
            },
          },
        });
        await appendRunLog(db, runId, "Ejecución completada");
        if (plan.agentId) await db.agent.update({ where: { id: plan.agentId }, data: { last_run: new Date() } });
        if (saved.status === "published") await invalidateArticles({ slug: saved.slug });
        return { articleId: saved.id, slug: saved.slug, status: saved.status };
      });
    } catch (err) {
      const { message, failure } = failureOf(err);
      const final =
        attempt >= AGENT_RUN_RETRIES ||
        (err as Error)?.name === "StepError" ||
        (err as Error)?.name === "NonRetriableError";
      if (!final) {
        await appendRunLog(db, runId, `Intento ${attempt + 1} fallido (${message}); se reintentará`).catch(() => {});
        throw err;
      }
      await step.run("fail", async () => {
        await markRunFailed(db, runId, message, failure);
        const run = await db.agentRun.findUnique({ where: { id: runId }, select: { agent_id: true } });
        if (run?.agent_id) await db.agent.update({ where: { id: run.agent_id }, data: { last_run: new Date() } });
      });
      throw err;
    }
  },
});
