import { notFound } from "next/navigation";

// Any path no other route matches: the localised 'Page Not Found' with HTTP 404.
export default function CatchAll() {
  notFound();
}
