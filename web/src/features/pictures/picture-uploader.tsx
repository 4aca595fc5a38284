import { GoodsLimits, UploadLimits } from "@xianzhi/contract/constants";
import { CloseOutlined, ExclamationCircleOutlined, PlusOutlined } from "../../components/icons";
import { Button, Progress, Upload } from "../../components/kit";
import { PictureTile } from "./picture-tile";
import styles from "./pictures.module.css";
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
}: {
  value?: PictureItem[];
  onChange?: (pictures: PictureItem[]) => void;
}) {
  const { pending, failures, pick, dismiss } = usePictureUploads(value, onChange);
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

/** antd's Upload hands each picked file to `beforeUpload`; returning false keeps it from uploading on its own. */
const pickFile = (pick: (file: File) => void) => (file: File) => {
  pick(file);
  return false;
};
