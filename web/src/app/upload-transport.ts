import type { RawError } from "./api-error";

/** A file upload; XMLHttpRequest carries it because fetch cannot report upload progress. */
export interface UploadArgs {
  url: string;
  body: FormData;
  onUploadProgress: (percent: number) => void;
}

type RawResult = { data: unknown; error?: undefined } | { error: RawError; data?: undefined };

/** Sends an upload and answers as fetchBaseQuery does, so the base query treats both alike. */
export function uploadWithProgress(
  { url, body, onUploadProgress }: UploadArgs,
  authorization: string | null,
  signal: AbortSignal,
): Promise<RawResult> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", url);
    if (authorization) request.setRequestHeader("Authorization", authorization);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onUploadProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => resolve({ error: { status: "FETCH_ERROR", error: "upload failed" } });
    request.onabort = () => resolve({ error: { status: "FETCH_ERROR", error: "upload aborted" } });
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        resolve({
          error: { status: "PARSING_ERROR", originalStatus: request.status, data: request.responseText, error: "" },
        });
        return;
      }
      resolve(request.status === 200 ? { data: body } : { error: { status: request.status, data: body } });
    };
    signal.addEventListener("abort", () => request.abort());
    request.send(body);
  });
}
