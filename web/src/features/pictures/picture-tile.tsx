import type { PointerEvent } from "react";
import { classNames } from "../../components/class-names";
import { CloseOutlined, EllipsisOutlined } from "../../components/icons";
import { Button, Dropdown } from "../../components/kit";
import styles from "./pictures.module.css";
import type { PictureItem } from "./upload-queue";

interface PictureTileProps {
  picture: PictureItem;
  index: number;
  count: number;
  dragging: boolean;
  handleProps: { "data-drag-index": number; onPointerDown: (event: PointerEvent<HTMLElement>) => void };
  onMove: (to: number) => void;
  onRemove: () => void;
}

/**
 * One chosen picture: dragged to reorder, or moved from its ⋯ menu (the way for a keyboard or a
 * screen reader); the first one is labelled as the cover.
 */
export function PictureTile({ picture, index, count, dragging, handleProps, onMove, onRemove }: PictureTileProps) {
  const place = `第 ${index + 1} 张`;
  const last = index === count - 1;
  const menu = [
    { key: "cover", label: "设为封面", disabled: index === 0, onClick: () => onMove(0) },
    { key: "earlier", label: "前移一位", disabled: index === 0, onClick: () => onMove(index - 1) },
    { key: "later", label: "后移一位", disabled: last, onClick: () => onMove(index + 1) },
  ];
  return (
    <figure
      className={classNames(
        styles.pictureUploaderItem,
        styles.pictureUploaderItemPicture,
        dragging && styles.pictureUploaderItemDragging,
      )}
      {...handleProps}
    >
      <img src={picture.thumbUrl} alt={`${place}图片${index === 0 ? "（封面）" : ""}`} draggable={false} />
      {index === 0 && <figcaption className={styles.pictureUploaderCover}>封面</figcaption>}
      <Button
        className={styles.pictureUploaderRemove}
        shape="circle"
        size="small"
        icon={<CloseOutlined />}
        aria-label={`删除${place}`}
        onClick={onRemove}
      />
      {count > 1 && (
        <Dropdown menu={{ items: menu }} trigger={["click"]}>
          <Button
            className={styles.pictureUploaderMore}
            shape="circle"
            size="small"
            icon={<EllipsisOutlined />}
            aria-label={`调整${place}的位置`}
          />
        </Dropdown>
      )}
    </figure>
  );
}
