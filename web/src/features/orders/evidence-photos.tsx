import { RefundLimits, UploadLimits } from "@xianzhi/contract/constants";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { errorText } from "../../app/api-error";
import { CloseOutlined, PlusOutlined } from "../../components/icons";
import { useUploadPicture } from "../pictures";
import styles from "./orders.module.css";
import { EVIDENCE_HINT, evidenceRejection } from "./refund-request-rules";

/** An uploaded photo: its file id is sent, its thumbnail shown. */
export interface EvidencePhoto {
  fileId: string;
  thumbUrl: string;
}

interface EvidencePhotosProps {
  value: EvidencePhoto[];
  onChange(photos: EvidencePhoto[]): void;
  /** Whether uploads are under way: the form waits for them before sending. */
  onBusyChange?(busy: boolean): void;
}

/**
 * The photos a side adds to a refund request, a refusal or a statement (the goods, the parcel, the
 * chat): picked from the phone, uploaded at once, each removable; at most RefundLimits.picturesMax.
 */
export function EvidencePhotos({ value, onChange, onBusyChange }: EvidencePhotosProps) {
  const uploadPicture = useUploadPicture();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState("");
  // Uploads finish between renders: the list as it is now, so no finished photo is lost.
  const latest = useRef(value);
  latest.current = value;

  const busy = (change: number) => setUploading((count) => count + change);
  const reportBusy = useRef(onBusyChange);
  reportBusy.current = onBusyChange;
  useEffect(() => reportBusy.current?.(uploading > 0), [uploading]);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    setProblem("");
    let taken = latest.current.length + uploading;
    for (const file of files) {
      const rejection = evidenceRejection(file, taken);
      if (rejection) {
        setProblem(`${file.name}：${rejection}`);
        continue;
      }
      taken += 1;
      busy(1);
      uploadPicture(file)
        .then((uploaded) => {
          latest.current = [...latest.current, { fileId: uploaded.fileId, thumbUrl: uploaded.thumbUrl }];
          onChange(latest.current);
        })
        .catch((error: unknown) => setProblem(`${file.name}：${errorText(error)}`))
        .finally(() => busy(-1));
    }
  };

  const taken = value.length + uploading;
  return (
    <div>
      <ul className={styles.evidenceList} aria-label="已添加的图片">
        {value.map((photo, index) => (
          <li key={photo.fileId} className={styles.evidenceItem}>
            <img src={photo.thumbUrl} alt={`第 ${index + 1} 张图片`} className={styles.evidenceThumb} />
            <button
              type="button"
              className={styles.evidenceRemove}
              aria-label={`删除第 ${index + 1} 张图片`}
              onClick={() => onChange(value.filter((other) => other.fileId !== photo.fileId))}
            >
              <CloseOutlined aria-hidden />
            </button>
          </li>
        ))}
        {Array.from({ length: uploading }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an upload under way has nothing else to tell it by
          <li key={`uploading-${index}`} className={`${styles.evidenceItem} ${styles.evidenceUploading}`}>
            上传中…
          </li>
        ))}
        {taken < RefundLimits.picturesMax && (
          <li>
            <button
              type="button"
              className={`${styles.evidenceItem} ${styles.evidenceAdd}`}
              aria-describedby={hintId}
              onClick={() => input.current?.click()}
            >
              <PlusOutlined aria-hidden />
              <span>添加图片</span>
              <span className={styles.evidenceCount}>
                {taken}/{RefundLimits.picturesMax}
              </span>
            </button>
          </li>
        )}
      </ul>
      <input
        ref={input}
        type="file"
        accept={UploadLimits.types.join(",")}
        multiple
        hidden
        onChange={pick}
        aria-label="选择图片"
      />
      <p id={hintId} className={styles.evidenceHint}>
        {EVIDENCE_HINT}
      </p>
      {problem && (
        <p className={styles.evidenceProblem} role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
