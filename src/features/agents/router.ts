import { z } from "zod";
import { messageSchema } from "~/platform/http/common-schemas.ts";
import { adminProcedure, createTRPCRouter } from "~/platform/trpc/trpc.ts";
import { createAgent, deleteAgent, listAgents, updateAgent } from "./agents.ts";
import { executeAgent, executeAllAgents } from "./execute.ts";
import {
  agentCreateSchema,
  agentIdSchema,
  agentSchema,
  agentUpdateSchema,
  executeAllResponseSchema,
  executeResponseSchema,
} from "./schema.ts";

const tags = ["agents"];

export const adminAgentsRouter = createTRPCRouter({
  list: adminProcedure
    .meta({ openapi: { method: "GET", path: "/agents", tags, summary: "List agents" } })
    .input(z.object({}).optional())
    .output(z.array(agentSchema))
    .query(({ ctx }) => listAgents(ctx.db)),
  create: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/agents", tags, summary: "Create an agent (starts as draft)" },
      audit: { action: "agent.create", target: "agent" },
    })
    .input(agentCreateSchema)
    .output(agentSchema)
    .mutation(({ ctx, input }) => createAgent(ctx.db, input)),
  update: adminProcedure
    .meta({
      openapi: { method: "PUT", path: "/agents/{id}", tags, summary: "Update an agent" },
      audit: { action: "agent.update", target: "agent" },
    })
    .input(agentUpdateSchema)
    .output(agentSchema)
    .mutation(({ ctx, input }) => updateAgent(ctx.db, input)),
  delete: adminProcedure
    .meta({
      openapi: { method: "DELETE", path: "/agents/{id}", tags, summary: "Delete an agent" },
      audit: { action: "agent.delete", target: "agent" },
    })
    .input(agentIdSchema)
    .output(messageSchema)
    .mutation(({ ctx, input }) => deleteAgent(ctx.db, input.id)),
  execute: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/agents/{id}/execute", tags, summary: "Run one active agent" },
      audit: { action: "agent.execute", target: "agent" },
    })
    .input(agentIdSchema)
    .output(executeResponseSchema)
    .mutation(({ ctx, input }) => executeAgent(ctx.db, input.id)),
  executeAll: adminProcedure
    .meta({
      openapi: { method: "POST", path: "/agents/execute-all", tags, summary: "Run every active agent" },
      audit: { action: "agent.execute_all", target: "agent" },
    })
    .input(z.object({}).optional())
    .output(executeAllResponseSchema)
    .mutation(({ ctx }) => executeAllAgents(ctx.db)),
});
