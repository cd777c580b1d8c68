import type { z } from "zod";
import type { Agent } from "~/generated/prisma/client.ts";
import type { AgentType } from "~/generated/prisma/enums.ts";
import type { DbClient } from "~/platform/db/client.ts";
import { AppError, notFound } from "~/platform/errors.ts";
import { translatorFor } from "~/platform/i18n/translator.ts";
import {
  type AgentDto,
  type AgentTypeName,
  agentConfigSchema,
  type agentCreateSchema,
  type agentUpdateSchema,
} from "./schema.ts";

/** API names use hyphens ('article-generator'); the Prisma enum uses underscores (mapped to the same SQL value). */
const toDbAgentType = (t: AgentTypeName) => t.replace(/-/g, "_") as AgentType;
const fromDbAgentType = (t: AgentType) => t.replace(/_/g, "-") as AgentTypeName;

export function toAgentDto(row: Agent): AgentDto {
  return {
    id: row.id,
    name: row.name,
    type: fromDbAgentType(row.type),
    description: row.description,
    // A config stored by an older version is re-read with today's defaults rather than failing the list.
    config: agentConfigSchema.catch(agentConfigSchema.parse({})).parse(row.config),
    api_keys_enabled: row.api_keys_enabled,
    auto_publish: row.auto_publish,
    status: row.status,
    last_run: row.last_run,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listAgents(db: DbClient): Promise<AgentDto[]> {
  const rows = await db.agent.findMany({ orderBy: { created_at: "desc" } });
  return rows.map(toAgentDto);
}

export async function createAgent(db: DbClient, input: z.output<typeof agentCreateSchema>): Promise<AgentDto> {
  const row = await db.agent.create({
    data: {
      name: input.name,
      type: toDbAgentType(input.type),
      description: input.description,
      config: input.config,
      api_keys_enabled: input.api_keys_enabled,
      auto_publish: input.auto_publish,
      status: "draft",
    },
  });
  return toAgentDto(row);
}

export async function updateAgent(db: DbClient, input: z.output<typeof agentUpdateSchema>): Promise<AgentDto> {
  const { id, type, ...rest } = input;
  const existing = await db.agent.findUnique({ where: { id }, select: { id: true } });
  if (!existing) throw notFound("Agent");
  const row = await db.agent.update({ where: { id }, data: { ...rest, type: toDbAgentType(type) } });
  return toAgentDto(row);
}

export async function deleteAgent(db: DbClient, id: string): Promise<{ message: string }> {
  const { count } = await db.agent.deleteMany({ where: { id } });
  if (count === 0) throw notFound("Agent");
  return { message: "Agente eliminado" };
}

export async function requireActiveAgent(db: DbClient, id: string): Promise<Agent> {
  const agent = await db.agent.findUnique({ where: { id } });
  if (!agent) throw notFound("Agent");
  if (agent.status !== "active")
    throw new AppError("CONFLICT", "Solo se pueden ejecutar agentes activos", {
      field: "status",
      reason: "agentInactive",
      params: { status: agent.status },
      details: translatorFor("es", "outcomes")("agentInactiveDetails", { status: agent.status }),
    });
  return agent;
}
