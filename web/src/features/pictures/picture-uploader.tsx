import { CloseOutlined, ExclamationCircleOutlined, PlusOutlined } from "@ant-design/icons";
import { GoodsLimits, UploadLimits } from "@xianzhi/contract/constants";
import { Button, Progress, Upload } from "antd";
import { PictureTile } from "./picture-tile";
import { moveItem, type PictureItem } from "./upload-queue";
import { useDragReorder } from "./use-drag-reorder";
import { usePictureUploads } from "./use-picture-uploads";
import "./pictures.css";

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
    <div className="picture-uploader">
      <ol className="picture-uploader__list">
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
          <li key={upload.key} className="picture-uploader__item picture-uploader__item--uploading">
            <Progress type="circle" percent={upload.percent} size={56} />
            <span className="picture-uploader__name">{upload.name}</span>
          </li>
        ))}
        {taken < GoodsLimits.picturesMax && (
          <li>
            <Upload accept={UploadLimits.types.join(",")} multiple showUploadList={false} beforeUpload={pickFile(pick)}>
              <button type="button" className="picture-uploader__item picture-uploader__add">
                <PlusOutlined />
                <span>添加图片</span>
                <span className="picture-uploader__hint">
                  {taken}/{GoodsLimits.picturesMax}
                </span>
              </button>
            </Upload>
          </li>
        )}
      </ol>
      {failures.length > 0 && (
        <div className="picture-uploader__failures">
          {failures.map((failure) => (
            <div key={failure.key} className="picture-uploader__failure" role="alert">
              <ExclamationCircleOutlined />
              <span className="picture-uploader__failure-text">
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
