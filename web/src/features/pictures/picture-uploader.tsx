import { GoodsLimits, UploadLimits } from "@xianzhi/contract/constants";
import { useEffect } from "react";
import { CameraOutlined, CloseOutlined, ExclamationCircleOutlined, PlusOutlined } from "../../components/icons";
import { Button, Progress, Upload } from "../../components/kit";
import { PictureTile } from "./picture-tile";
import styles from "./pictures.module.css";
import { takeSharedPictures } from "./shared-pictures";
import { moveItem, type PictureItem } from "./upload-queue";
import { useDragReorder } from "./use-drag-reorder";
import { usePictureUploads } from "./use-picture-uploads";

export type { PictureItem } from "./upload-queue";

/**
 * The pictures of a goods item, in the order picked: upload with progress, reorder (by drag or
 * menu; the first is the cover), remove. A file that cannot be used shows why, and no picture.
 */
export function PictureUploader({
  value = [],
  onChange,
  sharedBatch,
}: {
  value?: PictureItem[];
  onChange?: (pictures: PictureItem[]) => void;
  /** Pictures shared to the app from the phone's gallery (its share target): uploaded as if picked here. */
  sharedBatch?: string | null;
}) {
  const { pending, failures, pick, dismiss } = usePictureUploads(value, onChange);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a batch is taken once, when it is named; `pick` is new each render
  useEffect(() => {
    if (!sharedBatch) return;
    let current = true;
    void takeSharedPictures(sharedBatch).then((files) => {
      if (current) for (const file of files) pick(file);
    });
    return () => {
      current = false;
    };
  }, [sharedBatch]);
  const move = (from: number, to: number) => onChange?.(moveItem(value, from, to));
  const { dragging, handleProps } = useDragReorder(move);
  const taken = value.length + pending.length;

  return (
    <div>
      <ol className={styles.pictureUploaderList}>
        {value.map((picture, index) => (
          <li key={picture.fileId}>
            <PictureTile
              picture={picture}
              index={index}
              count={value.length}
              dragging={dragging === index}
              handleProps={handleProps(index)}
              onMove={(to) => move(index, to)}
              onRemove={() => onChange?.(value.filter((_, i) => i !== index))}
            />
          </li>
        ))}
        {pending.map((upload) => (
          <li key={upload.key} className={`${styles.pictureUploaderItem} ${styles.pictureUploaderItemUploading}`}>
            <Progress type="circle" percent={upload.percent} size={56} />
            <span className={styles.pictureUploaderName}>{upload.name}</span>
          </li>
        ))}
        {taken < GoodsLimits.picturesMax && (
          <li>
            <Upload accept={UploadLimits.types.join(",")} multiple showUploadList={false} beforeUpload={pickFile(pick)}>
              <button type="button" className={`${styles.pictureUploaderItem} ${styles.pictureUploaderAdd}`}>
                <PlusOutlined />
                <span>添加图片</span>
                <span className={styles.pictureUploaderHint}>
                  {taken}/{GoodsLimits.picturesMax}
                </span>
              </button>
            </Upload>
          </li>
        )}
        {taken < GoodsLimits.picturesMax && (
          <li>
            <button
              type="button"
              className={`${styles.pictureUploaderItem} ${styles.pictureUploaderAdd}`}
              onClick={() => takePhoto(pick)}
            >
              <CameraOutlined />
              <span>拍照</span>
            </button>
          </li>
        )}
      </ol>
      {failures.length > 0 && (
        <div className={styles.pictureUploaderFailures}>
          {failures.map((failure) => (
            <div key={failure.key} className={styles.pictureUploaderFailure} role="alert">
              <ExclamationCircleOutlined />
              <span className={styles.pictureUploaderFailureText}>
                {failure.name}：{failure.reason}
              </span>
              <Button
                type="text"
                icon={<CloseOutlined />}
                aria-label={`移除${failure.name}的错误`}
                onClick={() => dismiss(failure.key)}
              />
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

/**
 * 拍照: the phone's rear camera (`capture`), its photo added as a picked one. The input is made for
 * the one tap and never joins the page; a computer without a camera shows its file picker.
 */
function takePhoto(pick: (file: File) => void): void {
  const input = document.createElement("input");
  input.type = "file";
  input.accept = "image/*";
  input.setAttribute("capture", "environment");
  input.addEventListener("change", () => {
    for (const file of Array.from(input.files ?? [])) pick(file);
  });
  input.click();
}

/** antd's Upload hands each picked file to `beforeUpload`; returning false keeps it from uploading on its own. */
const pickFile = (pick: (file: File) => void) => (file: File) => {
  pick(file);
  return false;
};
