import { getSessionFromHeaders } from "~/server/auth/get-session.ts";
import { db } from "~/server/db.ts";
import { AppError } from "~/server/errors.ts";
import { newsletterPreviewHtml } from "~/server/services/newsletter/admin.ts";
import { newsletterIdInputSchema } from "~/shared/schemas/newsletter.ts";

export const dynamic = "force-dynamic";

const json = (status: number, error: string, code: string) =>
  Response.json({ error, code }, { status, headers: { "cache-control": "no-store" } });

/**
 * SPEC §7 GET /api/admin/newsletters/{id}/preview: the rendered HTML (?locale=es|en) for the admin's sandboxed
 * frame. A route of its own because the REST adapter only speaks JSON; the admin check is the same.
 */
export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const session = await getSessionFromHeaders(req.headers);
  if (!session) return json(401, "Authentication required", "UNAUTHORIZED");
  if (session.user.role !== "admin") return json(403, "Admin role required", "FORBIDDEN");
  const parsed = newsletterIdInputSchema.safeParse(await params);
  if (!parsed.success) {
    // The same 400 body the REST adapter sends for a bad path parameter.
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    const error = issues.map((i) => `${i.path}: ${i.message}`).join("; ");
    return Response.json(
      { error, code: "BAD_REQUEST", field: issues[0]?.path, issues },
      { status: 400, headers: { "cache-control": "no-store" } },
    );
  }
  const { id } = parsed.data;
  const locale = new URL(req.url).searchParams.get("locale") === "en" ? "en" : "es";
  try {
    const html = await newsletterPreviewHtml(db, id, locale);
    return new Response(html, {
      headers: {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-store",
        // Even opened directly, the e-mail HTML runs without scripts and in an opaque origin.
        "content-security-policy":
          "sandbox; default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
        "x-content-type-options": "nosniff",
      },
    });
  } catch (err) {
    if (err instanceof AppError) return json(err.status, err.message, err.code);
    throw err;
  }
}
