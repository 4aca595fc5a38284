import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { UploadLimits } from "@xianzhi/contract";
import sharp from "sharp";
import { appError } from "../../errors.js";
import { DiskPictureStore, type PictureStore } from "./picture-store.js";

export interface ProcessedPicture {
  fileId: string;
  width: number;
  height: number;
  /** Both versions in the store together. */
  bytes: number;
}

/** Less room than this on the work folder's disk reads as full: one upload of the largest size. */
export const DISK_ROOM_MIN_BYTES = UploadLimits.maxBytes;

/** A write refused for want of room (or of the user's disk quota), as Node reports it. */
function isDiskFull(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOSPC" || code === "EDQUOT";
}

/** A full disk is the server's trouble and passes: 503 in the envelope, never a 500. */
function diskFull(error: unknown): Error {
  return Object.assign(appError("STORAGE_FULL"), { cause: error });
}

/** A file in the pictures folder, as its name tells: an upload being received, or a picture's version. */
export type StoredName = { kind: "temporary" } | { kind: "picture"; fileId: string };

const TEMPORARY_SUFFIX = ".upload";
const PICTURE_NAME = /^([0-9a-f]{32})(?:-thumb)?\.webp$/;

const SAVED_PREFIX = "/files/";
/** Where pictures are served from: "/files/" on disk, the store's public address with S3. */
let servedFrom = SAVED_PREFIX;

/**
 * Set as the app starts, from its picture store. A process serves its pictures from one place,
 * and the addresses are made by mappers deep in every feature (goods, covers of chats and deals),
 * which need no store passed down for it. Hence two apps with different stores cannot live in one
 * process: the last one built names the place for both (tests build one store at a time).
 */
export function servePicturesFrom(store: PictureStore): void {
  servedFrom = store.urlOf("");
}

/** Where a picture's two versions are served from. */
export function pictureUrls(fileId: string): { url: string; thumbUrl: string } {
  return { url: `${servedFrom}${webName(fileId)}`, thumbUrl: `${servedFrom}${thumbName(fileId)}` };
}

/**
 * The address to save for a picture as the API answered it (an avatar, a chat picture):
 * "/files/<name>" whatever the store, so saved rows outlive a move to a bucket or a new public
 * address (/files/ leads to the store). Null for an address that is not of a picture here.
 */
export function savedPictureAddress(address: string): { fileId: string; saved: string } | null {
  const prefix = [SAVED_PREFIX, servedFrom].find((start) => address.startsWith(start));
  const name = prefix === undefined ? "" : address.slice(prefix.length);
  const stored = storedNameOf(name);
  return stored?.kind === "picture" ? { fileId: stored.fileId, saved: `${SAVED_PREFIX}${name}` } : null;
}

const webName = (fileId: string) => `${fileId}.webp`;
const thumbName = (fileId: string) => `${fileId}-thumb.webp`;

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
 * Pictures in their store: every upload is re-encoded to WebP twice (web size and thumbnail), which
 * drops all metadata, the EXIF location included, and turns the file into one the server made
 * itself. An upload is received into a temporary file of the work folder (on disk, whatever the
 * store) and its two versions are written to the store only once both are made.
 */
export class PictureFiles {
  private readonly workFiles: DiskPictureStore;

  constructor(
    readonly store: PictureStore,
    readonly workFolder: string,
  ) {
    this.workFiles =
      store instanceof DiskPictureStore && store.folder === workFolder ? store : new DiskPictureStore(workFolder);
  }

  /**
   * Streams an upload to a temporary file and processes it; on any failure nothing stays behind.
   * A full disk (the temporary file's or the pictures') is STORAGE_FULL, a 503.
   */
  async receive(upload: NodeJS.ReadableStream & { truncated?: boolean }): Promise<ProcessedPicture> {
    const fileId = randomBytes(16).toString("hex");
    const temporary = path.join(this.workFolder, `${fileId}${TEMPORARY_SUFFIX}`);
    try {
      await fs.mkdir(this.workFolder, { recursive: true });
      await pipeline(upload, (await fs.open(temporary, "w")).createWriteStream());
      if (upload.truncated) throw appError("FILE_TOO_LARGE");
      return await this.process(temporary, fileId);
    } catch (error) {
      throw isDiskFull(error) ? diskFull(error) : error;
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }

  /** Whether the work folder's disk has room for one more upload of the largest size (readiness). */
  async diskRoom(): Promise<"ok" | "full"> {
    const stats = await fs.statfs(this.workFolder).catch((error: NodeJS.ErrnoException) => {
      // Made at the first upload: until then its disk is the data folder's.
      if (error.code === "ENOENT") return fs.statfs(path.dirname(this.workFolder));
      throw error;
    });
    return stats.bavail * stats.bsize < DISK_ROOM_MIN_BYTES ? "full" : "ok";
  }

  /** Makes the two versions of a picture from any image sharp reads (demo data uses it too). */
  async process(source: string | Buffer, fileId = randomBytes(16).toString("hex")): Promise<ProcessedPicture> {
    if (typeof source === "string") await checkType(source);
    const { web, thumb } = await encode(source);
    try {
      await this.store.put(webName(fileId), web.data);
      await this.store.put(thumbName(fileId), thumb.data);
    } catch (error) {
      // A store that failed the write may fail this too: the orphan sweep removes what stays.
      await this.remove([fileId]).catch(() => {});
      throw error;
    }
    return { fileId, width: web.info.width, height: web.info.height, bytes: web.info.size + thumb.info.size };
  }

  /**
   * A new picture made of another's files (hard links on disk, server-side copies in a bucket):
   * generated goods (npm run db:seed) show a handful of drawings without sending the bytes each.
   * Removing either picture keeps the other.
   */
  async share(fileId: string): Promise<string> {
    const copy = randomBytes(16).toString("hex");
    await Promise.all([
      this.store.copy(webName(fileId), webName(copy)),
      this.store.copy(thumbName(fileId), thumbName(copy)),
    ]);
    return copy;
  }

  async remove(fileIds: string[]): Promise<void> {
    await this.store.remove(fileIds.flatMap((fileId) => [webName(fileId), thumbName(fileId)]));
  }

  /**
   * Removes the files of pictures whose rows are gone, after the change committed: a store away
   * then must not fail what was done. The orphan sweep removes what stays, as for a crash.
   */
  async discard(fileIds: string[]): Promise<void> {
    await this.remove(fileIds).catch(() => {});
  }

  async exists(fileId: string): Promise<boolean> {
    return this.store.exists(webName(fileId));
  }

  /** Every picture and temporary file the server wrote (db:reset); other files in the bucket stay. */
  async removeEverything(): Promise<void> {
    for (const place of this.leftoverPlaces()) {
      for await (const names of place.namesInBatches()) {
        await place.remove(names.filter((name) => storedNameOf(name) !== null));
      }
    }
  }

  /**
   * Where files of interrupted uploads may be left: the store (pictures without a row) and the work
   * folder (temporary files); one place when the store is the work folder itself.
   */
  leftoverPlaces(): PictureStore[] {
    return this.workFiles === this.store ? [this.store] : [this.store, this.workFiles];
  }
}

/** The web-sized version and the thumbnail, as WebP bytes. */
async function encode(source: string | Buffer) {
  const image = () =>
    sharp(source, { failOn: "truncated", limitInputPixels: 50_000_000, animated: false })
      // Applies the EXIF orientation before the metadata goes.
      .rotate();
  const version = (size: number, quality: number) =>
    image()
      .resize({ width: size, height: size, fit: "inside", withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
  try {
    return {
      web: await version(UploadLimits.webSize, 82),
      thumb: await version(UploadLimits.thumbSize, 78),
    };
  } catch (error) {
    if (
      error instanceof Error &&
      /Input|VipsJpeg|png|gif|webp|truncated|premature|corrupt|pixel limit/i.test(error.message)
    ) {
      throw appError("BROKEN_IMAGE");
    }
    throw error;
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
