import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { UploadLimits } from "@xianzhi/contract";
import sharp from "sharp";
import { appError } from "../../errors.js";

export interface ProcessedPicture {
  fileId: string;
  width: number;
  height: number;
  /** Both versions on disk together. */
  bytes: number;
}

/** A file in the pictures folder, as its name tells: an upload being received, or a picture's version. */
export type StoredName = { kind: "temporary" } | { kind: "picture"; fileId: string };

const TEMPORARY_SUFFIX = ".upload";
const PICTURE_NAME = /^([0-9a-f]{32})(?:-thumb)?\.webp$/;

/** Where a picture's two versions are served from. */
export function pictureUrls(fileId: string): { url: string; thumbUrl: string } {
  return { url: `/files/${fileId}.webp`, thumbUrl: `/files/${fileId}-thumb.webp` };
}

/** The file type as the bytes tell it; a name or a Content-Type header can say anything. */
export function sniffImageType(head: Buffer): (typeof UploadLimits.types)[number] | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return "image/jpeg";
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  const ascii = head.toString("latin1");
  if (ascii.startsWith("GIF87a") || ascii.startsWith("GIF89a")) return "image/gif";
  if (ascii.startsWith("RIFF") && ascii.slice(8, 12) === "WEBP") return "image/webp";
  return null;
}

/**
 * Pictures on disk: every upload is re-encoded to WebP twice (web size and thumbnail), which drops
 * all metadata, the EXIF location included, and turns the file into one the server made itself.
 */
export class PictureFiles {
  constructor(readonly folder: string) {}

  private pathOf(fileId: string, version: "web" | "thumb"): string {
    return path.join(this.folder, version === "web" ? `${fileId}.webp` : `${fileId}-thumb.webp`);
  }

  /** Streams an upload to a temporary file and processes it; on any failure nothing stays behind. */
  async receive(upload: NodeJS.ReadableStream & { truncated?: boolean }): Promise<ProcessedPicture> {
    await fs.mkdir(this.folder, { recursive: true });
    const fileId = randomBytes(16).toString("hex");
    const temporary = path.join(this.folder, `${fileId}${TEMPORARY_SUFFIX}`);
    try {
      await pipeline(upload, (await fs.open(temporary, "w")).createWriteStream());
      if (upload.truncated) throw appError("FILE_TOO_LARGE");
      return await this.process(temporary, fileId);
    } catch (error) {
      await this.remove([fileId]);
      throw error;
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }

  /** Makes the two versions of a picture from any image sharp reads (demo data uses it too). */
  async process(source: string | Buffer, fileId = randomBytes(16).toString("hex")): Promise<ProcessedPicture> {
    await fs.mkdir(this.folder, { recursive: true });
    if (typeof source === "string") await checkType(source);
    const image = () =>
      sharp(source, { failOn: "truncated", limitInputPixels: 50_000_000, animated: false })
        // Applies the EXIF orientation before the metadata goes.
        .rotate();
    try {
      const web = await image()
        .resize({ width: UploadLimits.webSize, height: UploadLimits.webSize, fit: "inside", withoutEnlargement: true })
        .webp({ quality: 82 })
        .toFile(this.pathOf(fileId, "web"));
      const thumb = await image()
        .resize({
          width: UploadLimits.thumbSize,
          height: UploadLimits.thumbSize,
          fit: "inside",
          withoutEnlargement: true,
        })
        .webp({ quality: 78 })
        .toFile(this.pathOf(fileId, "thumb"));
      return { fileId, width: web.width, height: web.height, bytes: web.size + thumb.size };
    } catch (error) {
      await this.remove([fileId]);
      if (
        error instanceof Error &&
        /Input|VipsJpeg|png|gif|webp|truncated|premature|corrupt|pixel limit/i.test(error.message)
      ) {
        throw appError("BROKEN_IMAGE");
      }
      throw error;
    }
  }

  /**
   * A new picture made of another's files, hard-linked: generated goods (npm run db:seed) show a
   * handful of drawings without a copy of the bytes each. Removing either picture keeps the other.
   */
  async share(fileId: string): Promise<string> {
    const copy = randomBytes(16).toString("hex");
    await Promise.all(
      (["web", "thumb"] as const).map((version) => fs.link(this.pathOf(fileId, version), this.pathOf(copy, version))),
    );
    return copy;
  }

  async remove(fileIds: string[]): Promise<void> {
    await Promise.all(
      fileIds.flatMap((fileId) =>
        (["web", "thumb"] as const).map((version) => fs.rm(this.pathOf(fileId, version), { force: true })),
      ),
    );
  }

  /**
   * The folder's file names a batch at a time: a folder of any size is walked in bounded memory.
   * Files added or removed meanwhile may be seen or not; the next walk sees them.
   */
  async *namesInBatches(batchSize = 500): AsyncGenerator<string[]> {
    const folder = await fs.opendir(this.folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT") return null;
      throw error;
    });
    if (!folder) return;
    let batch: string[] = [];
    for await (const entry of folder) {
      if (!entry.isFile()) continue;
      batch.push(entry.name);
      if (batch.length === batchSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  }

  /** Removes those of the named files last written before the cutoff; returns how many went. */
  async removeIfWrittenBefore(names: string[], cutoffMs: number): Promise<number> {
    const removed = await Promise.all(
      names.map(async (name) => {
        const file = path.join(this.folder, name);
        const stats = await fs.stat(file).catch(() => null);
        if (!stats || stats.mtimeMs >= cutoffMs) return false;
        await fs.rm(file, { force: true });
        return true;
      }),
    );
    return removed.filter(Boolean).length;
  }

  async exists(fileId: string): Promise<boolean> {
    return fs.access(this.pathOf(fileId, "web")).then(
      () => true,
      () => false,
    );
  }
}

/** What a file in the folder is; null for a name the server never writes. */
export function storedNameOf(name: string): StoredName | null {
  if (name.endsWith(TEMPORARY_SUFFIX)) return { kind: "temporary" };
  const fileId = PICTURE_NAME.exec(name)?.[1];
  return fileId ? { kind: "picture", fileId } : null;
}

async function checkType(file: string): Promise<void> {
  const handle = await fs.open(file, "r");
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    if (bytesRead === 0) throw appError("NO_FILE", "上传的图片是空文件");
    if (!sniffImageType(head.subarray(0, bytesRead))) throw appError("UNSUPPORTED_IMAGE");
  } finally {
    await handle.close();
  }
}
