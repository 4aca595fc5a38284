import { useRef, useState } from "react";
import { errorText } from "../../app/api-error";
import { pictureRejection } from "./picture-rules";
import { useUploadPicture } from "./upload-picture";
import { type PendingUpload, type PictureItem, takeFinishedHead } from "./upload-queue";

/** A picked file that will not be a picture, with the reason, shown until the user removes it. */
export interface FailedUpload {
  key: string;
  name: string;
  reason: string;
}

let nextKey = 0;

/**
 * Uploads picked files in parallel and adds them to the pictures in the order they were picked,
 * whatever order they finish in; a rejected or failed file becomes a failure, never a picture.
 */
export function usePictureUploads(value: PictureItem[], onChange?: (pictures: PictureItem[]) => void) {
  const uploadPicture = useUploadPicture();
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [failures, setFailures] = useState<FailedUpload[]>([]);
  // Uploads finish between renders, sometimes two before React renders again: the refs hold the
  // list and the queue as they are now, and move on at once, so no finished picture is lost.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const queue = useRef<PendingUpload[]>([]);

  const updateQueue = (next: PendingUpload[]) => {
    const { finished, waiting } = takeFinishedHead(next);
    queue.current = waiting;
    setPending(waiting);
    if (finished.length === 0) return;
    const pictures = [...latest.current.value, ...finished];
    latest.current.value = pictures;
    latest.current.onChange?.(pictures);
  };
  const patch = (key: string, change: Partial<PendingUpload>) =>
    updateQueue(queue.current.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));
  const fail = (failure: FailedUpload) => setFailures((list) => [...list, failure]);

  const pick = (file: File) => {
    nextKey += 1;
    const key = `upload-${nextKey}`;
    const rejection = pictureRejection(file, latest.current.value.length + queue.current.length);
    if (rejection) return fail({ key, name: file.name, reason: rejection });
    updateQueue([...queue.current, { key, name: file.name, percent: 0 }]);
    uploadPicture(file, (percent) => patch(key, { percent }))
      .then((uploaded) => patch(key, { picture: { fileId: uploaded.fileId, thumbUrl: uploaded.thumbUrl } }))
      .catch((error: unknown) => {
        updateQueue(queue.current.filter((upload) => upload.key !== key));
        fail({ key, name: file.name, reason: errorText(error) });
      });
  };
  const dismiss = (key: string) => setFailures((list) => list.filter((failure) => failure.key !== key));

  return { pending, failures, pick, dismiss };
}
