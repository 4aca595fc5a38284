import type { Picture } from "@xianzhi/contract";
import { type CSSProperties, type SyntheticEvent, useRef, useState } from "react";
import { classNames } from "../../components/class-names";
import { withAntd } from "../../components/with-antd";
import { stageRatio } from "./gallery-ratio";
import styles from "./goods-gallery.module.css";

/** Loaded, with Ant Design, when a picture is first opened. */
const GalleryPreview = withAntd(async () => (await import("./gallery-preview")).GalleryPreview);

/**
 * Every picture of a goods item, the cover first, whole (portrait photos are not cropped): swiped
 * through on a phone, chosen from the thumbnails anywhere, opened full size on a tap.
 */
export function GoodsGallery({
  pictures,
  title,
  sold = false,
}: {
  pictures: Picture[];
  title: string;
  /** Sold goods: the pictures fade to grey. */
  sold?: boolean;
}) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [ratio, setRatio] = useState(1);
  if (pictures.length === 0) return <div className={styles.goodsGalleryEmpty}>暂无图片</div>;

  const show = (index: number) => {
    const element = track.current;
    element?.scrollTo({ left: index * element.clientWidth, behavior: "smooth" });
    setCurrent(index);
  };
  const followSwipe = () => {
    const element = track.current;
    if (element) setCurrent(Math.round(element.scrollLeft / Math.max(1, element.clientWidth)));
  };
  // Also for a cover loaded before the app took the server's markup over: its load event has passed.
  const fitToCover = (image: HTMLImageElement | null) => {
    if (image?.complete) setRatio(stageRatio(image.naturalWidth, image.naturalHeight));
  };
  const coverLoaded = (event: SyntheticEvent<HTMLImageElement>) => fitToCover(event.currentTarget);
  const altOf = (index: number) => `${title} 第 ${index + 1} 张图${index === 0 ? "（封面）" : ""}`;

  return (
    <div className={classNames(styles.goodsGallery, sold && styles.goodsGallerySold)}>
      <div className={styles.goodsGalleryStage}>
        <div
          className={styles.goodsGalleryTrack}
          ref={track}
          onScroll={followSwipe}
          style={{ "--gallery-ratio": ratio } as CSSProperties}
        >
          {pictures.map((picture, index) => (
            <div key={picture.id} className={styles.goodsGallerySlide}>
              {/* As Ant Design's Image: the picture is a button that opens the preview (a shade on hover). */}
              <button
                type="button"
                className={styles.goodsGalleryOpen}
                aria-label={altOf(index)}
                onClick={() => setPreviewing(index)}
              >
                {/* The cover is the page's largest paint: it loads first; the others when swiped to. */}
                <img
                  src={picture.url}
                  alt={altOf(index)}
                  {...(index === 0 && { ref: fitToCover, onLoad: coverLoaded })}
                  loading={index === 0 ? "eager" : "lazy"}
                  fetchPriority={index === 0 ? "high" : "auto"}
                />
              </button>
            </div>
          ))}
        </div>
        {previewing !== null && (
          <GalleryPreview
            pictures={pictures}
            current={previewing}
            onChange={setPreviewing}
            onClose={() => setPreviewing(null)}
          />
        )}
        {pictures.length > 1 && (
          <span className={styles.goodsGalleryCounter} aria-hidden="true">
            {current + 1} / {pictures.length}
          </span>
        )}
      </div>
      {pictures.length > 1 && (
        <div className={styles.goodsGalleryThumbs}>
          {pictures.map((picture, index) => (
            <button
              key={picture.id}
              type="button"
              className={styles.goodsGalleryThumb}
              aria-label={`看第 ${index + 1} 张图`}
              aria-current={index === current}
              onClick={() => show(index)}
            >
              <img src={picture.thumbUrl} alt="" />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
