import { describe, expect, it } from "vitest";
import { moveItem, type PendingUpload, takeFinishedHead } from "./upload-queue";

const picked = (name: string, fileId?: string): PendingUpload => ({
  key: name,
  name,
  percent: fileId ? 100 : 40,
  picture: fileId ? { fileId, thumbUrl: `/files/${fileId}-thumb.webp` } : undefined,
});
const fileIdsOf = (pictures: { fileId: string }[]) => pictures.map((picture) => picture.fileId);

describe("takeFinishedHead", () => {
  it("holds back a file that finished before one picked earlier", () => {
    const { finished, waiting } = takeFinishedHead([picked("a.jpg"), picked("b.jpg", "b")]);
    expect(finished).toEqual([]);
    expect(waiting.map((upload) => upload.name)).toEqual(["a.jpg", "b.jpg"]);
  });

  it("lets the finished head through in the order picked, up to the first unfinished file", () => {
    const { finished, waiting } = takeFinishedHead([picked("a.jpg", "a"), picked("b.jpg", "b"), picked("c.jpg")]);
    expect(fileIdsOf(finished)).toEqual(["a", "b"]);
    expect(waiting.map((upload) => upload.name)).toEqual(["c.jpg"]);
  });

  it("empties the queue once everything has finished", () => {
    const { finished, waiting } = takeFinishedHead([picked("a.jpg", "a"), picked("c.jpg", "c")]);
    expect(fileIdsOf(finished)).toEqual(["a", "c"]);
    expect(waiting).toEqual([]);
  });
});

describe("moveItem", () => {
  it("moves an item forward and backward, keeping the others in order", () => {
    expect(moveItem(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moveItem(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
  });

  it("keeps a move past either end inside the list", () => {
    expect(moveItem(["a", "b", "c"], 1, 9)).toEqual(["a", "c", "b"]);
    expect(moveItem(["a", "b", "c"], 1, -3)).toEqual(["b", "a", "c"]);
  });
});
