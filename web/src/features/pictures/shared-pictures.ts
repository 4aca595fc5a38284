import { SHARED_CACHE } from "../../app/service-worker/caches";

/** Batches being taken, so that a screen mounted twice (React's strict mode) takes a batch once. */
const taking = new Map<string, Promise<File[]>>();

/**
 * The pictures shared to 闲置 from the phone's gallery (the service worker keeps them under a batch
 * id: web/src/sw.ts), as files, in the order shared; taken out of the cache as they are read, so a
 * reload does not add them twice. None when the batch is unknown or the browser has no Cache API.
 */
export function takeSharedPictures(batch: string): Promise<File[]> {
  const pending = taking.get(batch) ?? readBatch(batch);
  taking.set(batch, pending);
  return pending;
}

async function readBatch(batch: string): Promise<File[]> {
  if (typeof caches === "undefined") return [];
  const cache = await caches.open(SHARED_CACHE);
  const prefix = `/${SHARED_CACHE}/${batch}/`;
  const requests = (await cache.keys()).filter((request) => new URL(request.url).pathname.startsWith(prefix));
  const order = (request: Request) => Number(new URL(request.url).pathname.slice(prefix.length));
  requests.sort((a, b) => order(a) - order(b));
  const files: File[] = [];
  for (const request of requests) {
    const response = await cache.match(request);
    if (response) files.push(await toFile(response, files.length));
    await cache.delete(request);
  }
  return files;
}

async function toFile(response: Response, index: number): Promise<File> {
  const type = response.headers.get("content-type") ?? "";
  const name = decodeURIComponent(response.headers.get("x-file-name") ?? "") || `分享的图片${index + 1}`;
  return new File([await response.blob()], name, { type });
}
