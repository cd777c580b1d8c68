import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import superjson from "superjson";
import { describe, expect, it } from "vitest";
import type { AppSession } from "~/platform/auth/session.ts";
import { codeTranslatorFor, translatorFor } from "~/platform/i18n/translator.ts";
import { MAX_INPUT_DEPTH } from "~/platform/security/storable-text.ts";
import { createInnerContext } from "~/platform/trpc/trpc.ts";
import { appRouter } from "~/server/api/root.ts";
import { errorText } from "~/ui/error-text.ts";
import { adminSession, callerAs } from "../support/sessions.ts";

/** A call through the app's real tRPC HTTP handler: the error body the admin's browser receives. */
async function trpcError(path: string, body: unknown, session: AppSession | null) {
  const res = await fetchRequestHandler({
    endpoint: "/api/trpc",
    req: new Request(`http://localhost/api/trpc/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(superjson.serialize(body)),
    }),
    router: appRouter,
    createContext: () => createInnerContext({ session }),
    onError: () => {},
  });
  const json = (await res.json()) as { error: { json: { message: string; data: Record<string, unknown> } } };
  return { status: res.status, ...json.error.json };
}

// What the UI shows for that error, in one language (the same function the admin's hook calls).
const shown = (locale: "es" | "en", err: unknown) => errorText(codeTranslatorFor(locale, "errors"), err);

describe("error texts in the reader's language", () => {
  it("a service's English error reaches a Spanish admin in Spanish, an English one in English", async () => {
    const err = await trpcError("admin.newsletters.delete", { id: crypto.randomUUID() }, adminSession);
    expect(err.status).toBe(404);
    expect(err.message).toBe("Newsletter not found"); // the API's text, unchanged
    expect(err.data).toMatchObject({ reason: "notFound.newsletter" });
    expect(shown("es", err)).toBe("El boletín no existe.");
    expect(shown("en", err)).toBe("The newsletter does not exist.");
  });

  it("a Spanish API error carries its arguments, so an English admin reads English", async () => {
    const admin = callerAs(adminSession).admin.agents;
    const agent = await admin.create({ name: `Inactivo ${crypto.randomUUID()}` });
    try {
      const err = await trpcError("admin.agents.execute", { id: agent.id }, adminSession);
      expect(err.status).toBe(409);
      expect(err.message).toBe("Solo se pueden ejecutar agentes activos");
      expect(err.data).toMatchObject({ details: "El agente está en estado 'draft'" });
      expect(shown("es", err)).toBe("Solo se pueden ejecutar agentes activos: El agente está en estado 'draft'");
      expect(shown("en", err)).toBe("Only active agents can be run: the agent's status is 'draft'");
    } finally {
      await admin.delete({ id: agent.id });
    }
  });

  it("fills the text's arguments from the error (the field path and the nesting limit)", async () => {
    let nested: Record<string, unknown> = {};
    for (let i = 0; i < MAX_INPUT_DEPTH + 2; i++) nested = { k: nested };
    const err = await trpcError("admin.newsletters.delete", { id: nested }, adminSession);
    expect(err.status).toBe(400);
    expect(err.data).toMatchObject({ reason: "inputTooDeep" });
    expect(shown("es", err)).toMatch(new RegExp(`^id(\\.k)+: tiene más de ${MAX_INPUT_DEPTH} niveles de anidamiento$`));
  });

  it("an error without a reason shows its code's generic text, never the English message", async () => {
    const err = await trpcError("admin.newsletters.delete", { id: crypto.randomUUID() }, null);
    expect(err.status).toBe(401);
    expect(err.message).toBe("Authentication required");
    expect(shown("es", err)).toBe("Inicia sesión para continuar.");
    expect(shown("es", new Error("fetch failed"))).toBe("No se pudo completar la operación.");
  });
});

describe("service answers from the catalog", () => {
  it("the API keeps its Spanish answer; the same key reads English for an English admin", async () => {
    const res = await callerAs(adminSession).admin.migration.fixAuthorNames({
      mapping: { [`no-such-article-${crypto.randomUUID()}`]: "Redacción" },
    });
    expect(res.message).toBe("0 artículos actualizados");
    expect(res.results[0]).toMatchObject({ status: "failed", message: "Artículo no encontrado" });
    const en = translatorFor("en", "adminMigration");
    expect(en("outcomes.articleNotFound")).toBe("Article not found");
    expect(en("outcomes.updated", { count: 0 })).toBe("0 articles updated");
  });
});
