import dns from "node:dns";
import type { LookupFunction } from "node:net";
import { isPublicAddress } from "./address-policy.ts";

/** Raised by the lookup when a name resolves to an address a source may not live on. */
export class PrivateAddressError extends Error {
  readonly code = "EPRIVATEADDRESS";
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, a loopback/private/reserved address`);
  }
}

/**
 * A DNS lookup for http.request that checks every address it returns. The socket connects to the address
 * this function hands back, so the check and the connection see the same answer (no DNS-rebinding gap).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      const list = addresses as dns.LookupAddress[];
      const bad = allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (bad) return callback(new PrivateAddressError(hostname, bad.address) as NodeJS.ErrnoException, "", 0);
      if (options.all) return (callback as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: "ENOTFOUND" }), "", 0);
      callback(null, first.address, first.family);
    });
  };
}
