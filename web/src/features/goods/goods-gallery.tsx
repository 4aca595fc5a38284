import type { Picture } from "@xianzhi/contract";
import { type CSSProperties, type SyntheticEvent, useRef, useState } from "react";
import { withAntd } from "../../components/with-antd";
import { stageRatio } from "./gallery-ratio";

/** Loaded, with Ant Design, when a picture is first opened. */
const GalleryPreview = withAntd(async () => (await import("./gallery-preview")).GalleryPreview);

/**
 * Every picture of a goods item, the cover first, whole (portrait photos are not cropped): swiped
 * through on a phone, chosen from the thumbnails anywhere, opened full size on a tap.
 */
export function GoodsGallery({ pictures, title }: { pictures: Picture[]; title: string }) {
  const track = useRef<HTMLDivElement>(null);
  const [current, setCurrent] = useState(0);
  const [previewing, setPreviewing] = useState<number | null>(null);
  const [ratio, setRatio] = useState(1);
  if (pictures.length === 0) return <div className="goods-gallery__empty">暂无图片</div>;

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
    <div className="goods-gallery">
      <div className="goods-gallery__stage">
        <div
          className="goods-gallery__track"
          ref={track}
          onScroll={followSwipe}
          style={{ "--gallery-ratio": ratio } as CSSProperties}
        >
          {pictures.map((picture, index) => (
            <div key={picture.id} className="goods-gallery__slide">
              {/* As Ant Design's Image: the picture is a button that opens the preview (a shade on hover). */}
              <button
                type="button"
                className="goods-gallery__open"
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
          <span className="goods-gallery__counter" aria-hidden="true">
            {current + 1} / {pictures.length}
          </span>
        )}
      </div>
      {pictures.length > 1 && (
        <div className="goods-gallery__thumbs">
          {pictures.map((picture, index) => (
            <button
              key={picture.id}
              type="button"
              className="goods-gallery__thumb"
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
