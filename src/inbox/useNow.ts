import { useEffect, useState } from 'react';

/** The time now, moved on every minute, so a countdown on screen keeps counting while nobody clicks. */
export function useNow(everyMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
