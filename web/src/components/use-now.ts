import { useEffect, useState } from "react";

/** The time now (ms), read again every `everyMs` while the component is shown: for "还剩 5 分钟". */
export function useNow(everyMs: number): number {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
