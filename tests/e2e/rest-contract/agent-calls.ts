import { expect } from "vitest";
import { unique } from "./client.ts";
import type { Answer, Ctx, Scenario } from "./valid-calls.ts";

/** The valid calls of docs/product.md §7's agent rows: each on an agent of its own. */
type Json = Record<string, unknown>;
const asJson = async (res: Response): Promise<Answer> => ({ res, body: await res.json() });

async function createAgent(c: Ctx, status?: "active") {
  const name = `Contrato REST ${unique()}`;
  const { body } = await c.admin.json("POST", "/api/agents", {
    body: { name, config: { content: { topics: ["gobernanza"], targetLength: 600 } } },
  });
  if (status) await c.admin.json("PUT", `/api/agents/${body.id}`, { body: { ...body, status } });
  return body as Json & { id: string; name: string };
}

export const AGENT_VALID_CALLS: Record<string, Scenario> = {
  "GET /api/agents": async (c) => {
    const agent = await createAgent(c);
    const answer = await asJson(await c.admin.call("GET", "/api/agents"));
    expect((answer.body as Json[]).map((a) => a.id)).toContain(agent.id);
    return answer;
  },
  "POST /api/agents": async (c) => {
    const name = `Vigía ${unique()}`;
    const answer = await asJson(await c.admin.call("POST", "/api/agents", { body: { name } }));
    expect(answer.body).toMatchObject({ name, status: "draft" });
    return answer;
  },
  "PUT /api/agents/{id}": async (c) => {
    const agent = await createAgent(c);
    const answer = await asJson(
      await c.admin.call("PUT", `/api/agents/${agent.id}`, { body: { ...agent, status: "active" } }),
    );
    expect(answer.body).toMatchObject({ id: agent.id, status: "active" });
    return answer;
  },
  "DELETE /api/agents/{id}": async (c) => {
    const agent = await createAgent(c);
    const answer = await asJson(await c.admin.call("DELETE", `/api/agents/${agent.id}`));
    expect((await c.db.query("SELECT 1 FROM agents WHERE id = $1", [agent.id])).length).toBe(0);
    return answer;
  },
  "GET /api/agent-runs": async (c) => {
    const agent = await createAgent(c, "active");
    const { body: started } = await c.admin.json("POST", `/api/agents/${agent.id}/execute`);
    const answer = await asJson(await c.admin.call("GET", "/api/agent-runs"));
    expect((answer.body as Json[]).map((r) => r.id)).toContain((started.run as Json).id);
    return answer;
  },
  "POST /api/agents/{id}/execute": async (c) => {
    const agent = await createAgent(c, "active");
    const answer = await asJson(await c.admin.call("POST", `/api/agents/${agent.id}/execute`));
    const body = answer.body as Json;
    // Either documented shape: started, or refused with the error and its details.
    if (body.success)
      expect(body).toMatchObject({ message: expect.any(String), agentName: agent.name, run: { agent_id: agent.id } });
    else expect(body).toMatchObject({ error: expect.any(String), details: expect.any(String) });
    return answer;
  },
  "POST /api/agents/execute-all": async (c) => {
    const agent = await createAgent(c, "active");
    const answer = await asJson(await c.admin.call("POST", "/api/agents/execute-all"));
    const body = answer.body as { message: string; runs: Json[] };
    expect(body.message).toEqual(expect.any(String));
    expect(body.runs.map((r) => r.agent_id)).toContain(agent.id);
    return answer;
  },
};
