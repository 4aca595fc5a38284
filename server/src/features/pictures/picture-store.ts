import fs from "node:fs/promises";
import path from "node:path";

/**
 * Where picture files live, by name ("<fileId>.webp", "<fileId>-thumb.webp"): a folder on disk, or
 * a bucket of an S3-compatible store. Names never change their bytes, so a file is written once.
 */
export interface PictureStore {
  /** The address browsers load the file from. */
  urlOf(name: string): string;
  put(name: string, bytes: Buffer): Promise<void>;
  /** Another name for the same bytes (generated goods share a handful of drawings). */
  copy(from: string, to: string): Promise<void>;
  /** Removes the named files; names already gone are fine. */
  remove(names: string[]): Promise<void>;
  exists(name: string): Promise<boolean>;
  /**
   * The stored names a batch at a time: any number is walked in bounded memory. Files added or
   * removed meanwhile may be seen or not; the next walk sees them.
   */
  namesInBatches(batchSize?: number): AsyncGenerator<string[]>;
  /** Removes those of the named files last written before the cutoff; returns how many went. */
  removeIfWrittenBefore(names: string[], cutoffMs: number): Promise<number>;
  /** Lets go of connections. */
  close(): void;
}

/** Pictures in a folder, served by the server itself under /files/. */
export class DiskPictureStore implements PictureStore {
  constructor(readonly folder: string) {}

  private pathOf(name: string): string {
    return path.join(this.folder, name);
  }

  urlOf(name: string): string {
    return `/files/${name}`;
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    await fs.mkdir(this.folder, { recursive: true });
    await fs.writeFile(this.pathOf(name), bytes);
  }

  /** A hard link: the copy costs a directory entry, not the bytes; removing either keeps the other. */
  async copy(from: string, to: string): Promise<void> {
    await fs.link(this.pathOf(from), this.pathOf(to));
  }

  async remove(names: string[]): Promise<void> {
    await Promise.all(names.map((name) => fs.rm(this.pathOf(name), { force: true })));
  }

  async exists(name: string): Promise<boolean> {
    return fs.access(this.pathOf(name)).then(
      () => true,
      () => false,
    );
  }

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

  async removeIfWrittenBefore(names: string[], cutoffMs: number): Promise<number> {
    const removed = await Promise.all(
      names.map(async (name) => {
        const stats = await fs.stat(this.pathOf(name)).catch(() => null);
        if (!stats || stats.mtimeMs >= cutoffMs) return false;
        await fs.rm(this.pathOf(name), { force: true });
        return true;
      }),
    );
    return removed.filter(Boolean).length;
  }

  close(): void {}
}
