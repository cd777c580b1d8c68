import { connection } from "next/server";

// The framework's floor for per-request pages: the bare "hello" page rendered on every request, as every
// page of the site is (its CSP nonce is fresh per request).
export default async function Hello() {
  await connection();
  return <p>hello</p>;
}
