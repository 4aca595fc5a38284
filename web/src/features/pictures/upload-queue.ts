/** A picture on the goods, as the uploader holds it: the upload and its thumbnail. */
export interface PictureItem {
  fileId: string;
  thumbUrl: string;
}

/** A picked file on its way up; `picture` is set once the server has it. */
export interface PendingUpload {
  key: string;
  name: string;
  percent: number;
  picture?: PictureItem;
}

/**
 * Splits off the uploads at the head of the queue that have finished. Files are queued in the order
 * they were picked and upload in parallel; one that finishes early waits here until every file
 * picked before it has finished or failed, so the pictures keep the order the user chose.
 */
export function takeFinishedHead(queue: PendingUpload[]): { finished: PictureItem[]; waiting: PendingUpload[] } {
  const firstUnfinished = queue.findIndex((upload) => !upload.picture);
  const cut = firstUnfinished === -1 ? queue.length : firstUnfinished;
  return {
    finished: queue.slice(0, cut).flatMap((upload) => (upload.picture ? [upload.picture] : [])),
    waiting: queue.slice(cut),
  };
}

/** The list with the item at `from` moved to `to`, the others keeping their order. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}
