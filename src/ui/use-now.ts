"use client";

import { useEffect, useState } from "react";

const MINUTE_MS = 60_000;

/**
 * The time a client component shows relative dates against ("hace 3 horas"). First the time its HTML was
 * rendered at, which a cached page carries in its payload: hydration then renders the very text the HTML holds,
 * however long ago that was. React otherwise finds a mismatch and renders the page again in the browser,
 * emptying its static parts. Then the reader's clock, kept current once a minute.
 */
export function useNow(renderedAt: number): Date {
  const [now, setNow] = useState(() => new Date(renderedAt));
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
