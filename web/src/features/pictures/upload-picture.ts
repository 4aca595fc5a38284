import type { UploadedFile } from "@xianzhi/contract";
import { type ApiError, readEnvelope, TRANSPORT_MESSAGES, toApiError } from "../../app/api-error";
import { ACCESS_TOKEN_KEY } from "../../app/paths";

/**
 * Uploads one picture with progress, which fetch cannot report: XMLHttpRequest, with the same
 * token, envelope and error rules as every other call.
 */
export function uploadPicture(file: File, onProgress: (percent: number) => void): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", "/api/com/upload");
    const token = localStorage.getItem(ACCESS_TOKEN_KEY);
    if (token) request.setRequestHeader("Authorization", `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () =>
      reject({ kind: "fetch", msg: TRANSPORT_MESSAGES.fetch, timestamp: Date.now() } satisfies ApiError);
    request.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        reject({
          kind: "parsing",
          status: request.status,
          msg: TRANSPORT_MESSAGES.parsing,
          timestamp: Date.now(),
        } satisfies ApiError);
        return;
      }
      if (request.status !== 200) {
        reject(toApiError({ status: request.status, data: body }));
        return;
      }
      const result = readEnvelope(body);
      if ("error" in result) reject(result.error);
      else resolve(result.data as UploadedFile);
    };
    const form = new FormData();
    form.append("file", file);
    request.send(form);
  });
}
