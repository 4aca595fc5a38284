import type { Picture } from "@xianzhi/contract";
import { Image } from "../../components/kit";

interface GalleryPreviewProps {
  pictures: Picture[];
  /** The picture shown; moving to another in the preview changes it. */
  current: number;
  onChange(current: number): void;
  onClose(): void;
}

/** The pictures full size over the page (Ant Design's image preview: zoom, rotate, arrows). */
export function GalleryPreview({ pictures, current, onChange, onClose }: GalleryPreviewProps) {
  return (
    <Image.PreviewGroup
      items={pictures.map((picture) => picture.url)}
      preview={{
        open: true,
        current,
        onChange,
        onOpenChange: (open) => {
          if (!open) onClose();
        },
      }}
    />
  );
}
