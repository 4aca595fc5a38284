import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  HeadObjectCommand,
  PutObjectCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Config } from "../../config.js";
import { appError } from "../../errors.js";
import type { PictureStore } from "./picture-store.js";

/** DeleteObjects takes at most this many keys per call. */
const DELETE_BATCH = 1000;

/** A store that cannot be reached or refuses us (bad keys, no bucket) is a 503, never a 500. */
function unavailable(error: unknown): Error {
  return Object.assign(appError("SERVICE_UNAVAILABLE", "图片存储暂时不可用，请稍后再试"), { cause: error });
}

async function orUnavailable<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    throw unavailable(error);
  }
}

function isNotFound(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404;
}

/**
 * Pictures in a bucket of an S3-compatible store (AWS S3, MinIO, R2, OSS, COS...), which serves
 * them to browsers itself from `S3_PUBLIC_URL`: the server never streams a picture.
 */
export class S3PictureStore implements PictureStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicUrl: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.publicUrl = config.publicUrl.replace(/\/+$/, "");
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint && { endpoint: config.endpoint }),
      forcePathStyle: config.forcePathStyle,
      ...(config.accessKeyId &&
        config.secretAccessKey && {
          credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
        }),
      // Checksums only where S3 requires them: other S3-compatible stores do not all know the newer ones.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // An upload waits on the store: a store that does not answer fails it in seconds, not minutes.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
      maxAttempts: 2,
    });
  }

  urlOf(name: string): string {
    return `${this.publicUrl}/${name}`;
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    await orUnavailable(
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: name,
          Body: bytes,
          ContentType: "image/webp",
          // Names never change their bytes, as on disk.
          CacheControl: "public, max-age=31536000, immutable",
        }),
      ),
    );
  }

  async copy(from: string, to: string): Promise<void> {
    await orUnavailable(
      this.client.send(new CopyObjectCommand({ Bucket: this.bucket, CopySource: `${this.bucket}/${from}`, Key: to })),
    );
  }

  async remove(names: string[]): Promise<void> {
    for (let start = 0; start < names.length; start += DELETE_BATCH) {
      const keys = names.slice(start, start + DELETE_BATCH).map((name) => ({ Key: name }));
      const answer = await orUnavailable(
        this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } })),
      );
      if (answer.Errors?.length) throw unavailable(new Error(`could not delete: ${JSON.stringify(answer.Errors)}`));
    }
  }

  async exists(name: string): Promise<boolean> {
    return (await this.writtenAt(name)) !== null;
  }

  /** When the object was last written, or null when there is none. */
  private async writtenAt(name: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: name }));
      return head.LastModified?.getTime() ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable(error);
    }
  }

  /** ListObjectsV2, page by page: a page is one batch. */
  async *namesInBatches(batchSize = 500): AsyncGenerator<string[]> {
    const pages = paginateListObjectsV2({ client: this.client, pageSize: batchSize }, { Bucket: this.bucket });
    try {
      for await (const page of pages) {
        const names = (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
        if (names.length > 0) yield names;
      }
    } catch (error) {
      throw unavailable(error);
    }
  }

  async removeIfWrittenBefore(names: string[], cutoffMs: number): Promise<number> {
    const written = await Promise.all(names.map(async (name) => ({ name, at: await this.writtenAt(name) })));
    const old = written.filter(({ at }) => at !== null && at < cutoffMs).map(({ name }) => name);
    await this.remove(old);
    return old.length;
  }

  close(): void {
    this.client.destroy();
  }
}
