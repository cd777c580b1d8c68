"use client";

import { type ComponentProps, lazy, Suspense, useEffect, useState } from "react";

// The account controls and their session store are an island of their own, fetched once the page has
// hydrated: the session is only known after the browser asks anyway, so a first paint shows the reserved space.
const AuthControls = lazy(() => import("./auth-controls.tsx").then((m) => ({ default: m.AuthControls })));

/** The header's desktop account controls, loaded after the first paint (the same reserved space until then). */
export function DeferredAuthControls(props: ComponentProps<typeof AuthControls>) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const reserved = <span aria-hidden="true" className="inline-block h-8 w-40" />;
  if (!mounted) return reserved;
  return (
    <Suspense fallback={reserved}>
      <AuthControls {...props} />
    </Suspense>
  );
}
