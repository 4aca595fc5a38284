import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { GoodsLimits, UploadLimits } from "@xianzhi/contract";
import { App, Button, Progress, Upload } from "antd";
import { useRef, useState } from "react";
import { errorText } from "../../app/api-error";
import { useUploadPicture } from "./upload-picture";

export interface PictureItem {
  fileId: string;
  thumbUrl: string;
}

interface Uploading {
  key: string;
  name: string;
  percent: number;
}

/** Pictures of a goods item: upload with progress, previews, reorder (the first is the cover) and remove. */
export function PictureUploader({
  value = [],
  onChange,
}: {
  value?: PictureItem[];
  onChange?: (pictures: PictureItem[]) => void;
}) {
  const { message } = App.useApp();
  const uploadPicture = useUploadPicture();
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const room = GoodsLimits.picturesMax - value.length - uploading.length;
  // Uploads finish one by one; each adds to the list as it is then, not as it was when it started.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  // Two uploads can finish before React renders again: the ref is moved on at once so the second
  // one adds to the list the first one made instead of overwriting it.
  const add = (picture: PictureItem) => {
    const next = [...latest.current.value, picture];
    latest.current.value = next;
    latest.current.onChange?.(next);
  };

  const move = (index: number, by: number) => {
    const next = [...value];
    const [picture] = next.splice(index, 1);
    if (picture) next.splice(index + by, 0, picture);
    onChange?.(next);
  };

  const start = (file: File) => {
    if (room <= 0) return false;
    if (file.size > UploadLimits.maxBytes) {
      message.error(`${file.name} 超过 10 MB`);
      return false;
    }
    const key = `${file.name}-${Date.now()}-${Math.random()}`;
    setUploading((list) => [...list, { key, name: file.name, percent: 0 }]);
    const progress = (percent: number) =>
      setUploading((list) => list.map((item) => (item.key === key ? { ...item, percent } : item)));
    uploadPicture(file, progress)
      .then((uploaded) => add({ fileId: uploaded.fileId, thumbUrl: uploaded.thumbUrl }))
      .catch((error: unknown) => message.error(`${file.name}：${errorText(error)}`))
      .finally(() => setUploading((list) => list.filter((item) => item.key !== key)));
    return false;
  };

  return (
    <div className="picture-uploader">
      {value.map((picture, index) => (
        <figure key={picture.fileId} className="picture-uploader__item">
          <img src={picture.thumbUrl} alt={`第 ${index + 1} 张图片`} />
          {index === 0 && <figcaption className="picture-uploader__cover">封面</figcaption>}
          <div className="picture-uploader__actions">
            <Button
              size="small"
              icon={<ArrowLeftOutlined />}
              aria-label={`第 ${index + 1} 张前移`}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            />
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={`删除第 ${index + 1} 张`}
              onClick={() => onChange?.(value.filter((_, i) => i !== index))}
            />
            <Button
              size="small"
              icon={<ArrowRightOutlined />}
              aria-label={`第 ${index + 1} 张后移`}
              disabled={index === value.length - 1}
              onClick={() => move(index, 1)}
            />
          </div>
        </figure>
      ))}
      {uploading.map((item) => (
        <div key={item.key} className="picture-uploader__item picture-uploader__item--uploading">
          <Progress type="circle" percent={item.percent} size={64} />
          <span className="picture-uploader__name">{item.name}</span>
        </div>
      ))}
      {room > 0 && (
        <Upload accept={UploadLimits.types.join(",")} multiple showUploadList={false} beforeUpload={start}>
          <button type="button" className="picture-uploader__add">
            <PlusOutlined />
            <span>添加图片</span>
            <span className="picture-uploader__hint">
              {value.length + uploading.length}/{GoodsLimits.picturesMax}
            </span>
          </button>
        </Upload>
      )}
    </div>
  );
}
