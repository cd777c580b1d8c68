import { createHash } from "node:crypto";
import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";

/**
 * Fedify queues one task per inbox, each with the whole activity and the actor's signing keys (~8 kB): a fan-out
 * to 10,000 followers wrote that 20,000 times (each delivery's row and its job), database work at the
 * database's priority while pages were being served. Here a task's body (`activity`, `keys`) is stored once,
 * named by its hash; the queued task and its row carry the name (`body`), and a run puts the body back before
 * Fedify sees the task.
 */
export interface TaskBodies {
  /** The tasks as they are queued and recorded: each outbox task's body stored once and replaced by its name. */
  slim(messages: readonly unknown[]): Promise<unknown[]>;
  /** The task as Fedify queued it: its body put back (a task without a named body is returned as it is). */
  full(message: unknown): Promise<unknown>;
}

type Message = Record<string, unknown>;

const isSlimmable = (m: Message) => m.type === "outbox" && "activity" in m && "keys" in m;
const isSlim = (m: Message) => m.type === "outbox" && typeof m.body === "string" && !("activity" in m);

/** Bodies kept in memory by name: a fan-out's thousands of runs read the same one. */
const KEPT_BODIES = 32;

export function taskBodies(db: DbClient): TaskBodies {
  const kept = new Map<string, Message>();
  // One hash per fan-out: Fedify hands every task of it the same activity and keys objects.
  const named = new WeakMap<object, { keys: unknown; name: string }>();

  const keep = (name: string, body: Message) => {
    kept.delete(name);
    kept.set(name, body);
    for (const oldest of kept.keys()) {
      if (kept.size <= KEPT_BODIES) break;
      kept.delete(oldest);
    }
  };

  const nameOf = (m: Message): { name: string; body: Message } => {
    const body = { activity: m.activity, keys: m.keys };
    const owner = typeof m.activity === "object" && m.activity !== null ? m.activity : null;
    const known = owner ? named.get(owner) : undefined;
    if (known && known.keys === m.keys) return { name: known.name, body };
    const name = createHash("sha256").update(JSON.stringify(body)).digest("hex");
    if (owner) named.set(owner, { keys: m.keys, name });
    return { name, body };
  };

  return {
    async slim(messages) {
      const fresh = new Map<string, Message>();
      const out = messages.map((message) => {
        const m = message as Message;
        if (!m || !isSlimmable(m)) return message;
        const { name, body } = nameOf(m);
        if (!kept.has(name)) fresh.set(name, body);
        const { activity: _activity, keys: _keys, ...rest } = m;
        return { ...rest, body: name };
      });
      if (fresh.size > 0) {
        await db.fediverseTaskBody.createMany({
          data: [...fresh].map(([id, body]) => ({ id, body: body as Prisma.InputJsonValue })),
          skipDuplicates: true,
        });
        for (const [name, body] of fresh) keep(name, body);
      }
      return out;
    },

    async full(message) {
      const m = message as Message;
      if (!m || !isSlim(m)) return message;
      const name = m.body as string;
      let body = kept.get(name);
      if (!body) {
        const row = await db.fediverseTaskBody.findUnique({ where: { id: name } });
        if (!row) throw new Error(`the body ${name} of a queued delivery is gone`);
        body = row.body as Message;
        keep(name, body);
      }
      const { body: _name, ...rest } = m;
      return { ...rest, activity: body.activity, keys: body.keys };
    },
  };
}

/** Bodies no delivery row names any more and older than `before` (a delivered row's is gone once it is pruned). */
export async function pruneTaskBodies(db: DbClient, before: Date): Promise<number> {
  return db.$executeRaw`
    DELETE FROM fediverse_task_bodies b
    WHERE b.created_at < ${before}
      AND NOT EXISTS (SELECT 1 FROM fediverse_deliveries d WHERE d.message->>'body' = b.id)`;
}
