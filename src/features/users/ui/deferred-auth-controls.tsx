"use client";

import { type ComponentProps, lazy, Suspense, useEffect, useState } from "react";
import { GuessedControls } from "./signed-out-controls.tsx";

// The account controls and their session store are an island of their own, fetched once the page has
// hydrated: the session is only known after the browser asks anyway, so a first paint shows the guess (the
// signed-out controls where the page knows of no session, otherwise their reserved space).
const AuthControls = lazy(() => import("./auth-controls.tsx").then((m) => ({ default: m.AuthControls })));

/** The header's desktop account controls, loaded after the first paint (the same guess until then). */
export function DeferredAuthControls(props: ComponentProps<typeof AuthControls>) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const reserved = <GuessedControls mobile={false} size="sm" texts={props.texts} />;
  if (!mounted) return reserved;
  return (
    <Suspense fallback={reserved}>
      <AuthControls {...props} />
    </Suspense>
  );
}
