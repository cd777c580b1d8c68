import net from "node:net";

/**
 * A loopback TCP proxy in front of PostgreSQL that counts the statements its clients send: simple queries
 * (`Q`) and extended-protocol round trips (`S`, Sync), read from the frontend messages as they pass. Point a
 * client at `url` (the database URL with the proxy's port); `statements()` is the count so far.
 */
export async function startPgStatementCounter(databaseUrl: string) {
  const target = new URL(databaseUrl);
  let statements = 0;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    sockets.add(client).add(upstream);
    let pending = Buffer.alloc(0);
    // The first message (and the one after an SSL or GSS request) has no type byte: a length, then its body.
    let untyped = true;
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const headerBytes = untyped ? 4 : 5;
        if (pending.length < headerBytes) break;
        const length = pending.readInt32BE(untyped ? 0 : 1);
        const total = untyped ? length : length + 1;
        if (pending.length < total) break;
        if (untyped) {
          const code = pending.readInt32BE(4);
          // SSLRequest and GSSENCRequest are followed by another untyped message; the startup by typed ones.
          untyped = code === 80877103 || code === 80877104;
        } else {
          const type = String.fromCharCode(pending[0] ?? 0);
          if (type === "Q" || type === "S") statements++;
        }
        pending = pending.subarray(total);
      }
    });
    upstream.on("data", (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on("close", close).on("error", close);
    upstream.on("close", close).on("error", close);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(databaseUrl);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    statements: () => statements,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
