import { describe, expect, it } from "vitest";
import { pictureRejection } from "./picture-rules";

describe("pictureRejection", () => {
  const jpeg = { type: "image/jpeg", size: 1000 };

  it("takes a picture of an accepted type and size while there is room", () => {
    expect(pictureRejection(jpeg, 8)).toBeNull();
  });

  it("names what is wrong: room, type or size", () => {
    expect(pictureRejection(jpeg, 9)).toBe("最多 9 张图片");
    expect(pictureRejection({ type: "application/pdf", size: 1000 }, 0)).toBe("只支持 JPEG、PNG、WEBP、GIF 图片");
    expect(pictureRejection({ type: "image/png", size: 10 * 1024 * 1024 + 1 }, 0)).toBe("超过 10 MB");
  });
});
