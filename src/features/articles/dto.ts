import type { Article } from "~/generated/prisma/client.ts";
import { type ArticleDto, sourceSchema } from "./schema.ts";

const sourcesSchema = sourceSchema.array().catch([]);

/** A database row as the API shape: JSON columns parsed (a malformed sources value becomes []). */
export function toArticleDto(row: Article): ArticleDto {
  return { ...row, sources: sourcesSchema.parse(row.sources) };
}
