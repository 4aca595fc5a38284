import { useDocumentTitle } from "./use-document-title";

/** Any unknown path: plain text, as the spec says. */
export function NotFound() {
  useDocumentTitle("404 Not Found");
  return <>404 Not Found</>;
}
