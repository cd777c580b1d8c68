import { exportJwk, generateCryptoKeyPair, importJwk } from "@fedify/fedify";
import type { Prisma } from "~/generated/prisma/client.ts";
import type { DbClient } from "~/platform/db/client.ts";
import type { ActorName } from "./actors.ts";

/** RSA for HTTP Signatures (what Mastodon verifies), Ed25519 for Object Integrity Proofs (FEP-8b32). */
const ALGORITHMS = ["RSASSA-PKCS1-v1_5", "Ed25519"] as const;

/**
 * The actor's key pairs, generated on first use and stored: every later call, on any instance, reads the same
 * ones. Two instances generating at once both insert with ON CONFLICT DO NOTHING and read back the winner's.
 */
export async function actorKeyPairs(db: DbClient, actor: ActorName): Promise<CryptoKeyPair[]> {
  let rows = await db.fediverseKeyPair.findMany({ where: { actor } });
  if (rows.length < ALGORITHMS.length) {
    for (const algorithm of ALGORITHMS) {
      if (rows.some((r) => r.algorithm === algorithm)) continue;
      const pair = await generateCryptoKeyPair(algorithm);
      await db.fediverseKeyPair.createMany({
        data: [
          {
            actor,
            algorithm,
            public_jwk: (await exportJwk(pair.publicKey)) as Prisma.InputJsonValue,
            private_jwk: (await exportJwk(pair.privateKey)) as Prisma.InputJsonValue,
          },
        ],
        skipDuplicates: true,
      });
    }
    rows = await db.fediverseKeyPair.findMany({ where: { actor } });
  }
  const ordered = ALGORITHMS.map((a) => rows.find((r) => r.algorithm === a)).filter((r) => r !== undefined);
  return Promise.all(
    ordered.map(async (r) => ({
      publicKey: await importJwk(r.public_jwk as JsonWebKey, "public"),
      privateKey: await importJwk(r.private_jwk as JsonWebKey, "private"),
    })),
  );
}
