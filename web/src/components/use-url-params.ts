import { useSearchParams } from "react-router";

/** The page's query parameters, and a way to change some of them ("" removes one). */
export function useUrlParams() {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  return [params, update] as const;
}
