import { unzipSync } from "fflate";
import { UnreadableBill } from "../statement.js";

/**
 * Alipay's bill of a day, as alipay.data.dataservice.bill.downloadurl.query hands it out: a short-
 * lived URL of a zip holding GBK-encoded CSV files, the day's 业务明细 (one line per payment and
 * refund) and its 汇总 (totals). The zip's names are GBK too, without the zip's UTF-8 flag.
 */

/** How long the download may take: the URL itself stays valid for 30 seconds. */
const DOWNLOAD_TIMEOUT_MS = 30_000;
/** A day's bill far larger than any Xianzhi makes is refused rather than unpacked into memory. */
const MAX_ZIP_BYTES = 64 * 1024 * 1024;

const gbk = new TextDecoder("gbk");
const utf8 = new TextDecoder("utf-8", { fatal: true });

/**
 * A name as the zip stores it: fflate reads names without the UTF-8 flag as Latin-1, one character
 * per byte, so those bytes are read again as GBK, as Alipay wrote them.
 */
function nameOf(stored: string): string {
  if ([...stored].some((char) => (char.codePointAt(0) ?? 0) > 0xff)) return stored;
  return gbk.decode(Buffer.from(stored, "latin1"));
}

/** The text of a CSV file: GBK, as Alipay writes it, unless it is valid UTF-8 (with or without a BOM). */
function textOf(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    return gbk.decode(bytes);
  }
}

/** The 业务明细 CSV of Alipay's bill zip, as text; UnreadableBill when it holds none. */
export function detailOfBillZip(zip: Uint8Array): string {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip);
  } catch (error) {
    throw new UnreadableBill("the bill is not a zip file", { cause: error });
  }
  const detail = Object.entries(files).find(([stored]) => {
    const name = nameOf(stored);
    return name.endsWith("业务明细.csv") && !name.includes("汇总");
  });
  if (!detail) throw new UnreadableBill("the bill's zip holds no 业务明细 file");
  return textOf(detail[1]);
}

/** Downloads the zip behind a bill URL Alipay answered and reads its 业务明细. */
export async function downloadBill(url: string): Promise<string> {
  const response = await fetch(url, { signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
  if (!response.ok) throw new UnreadableBill(`the bill's download answered ${response.status}`);
  const declared = Number(response.headers.get("content-length") ?? 0);
  if (declared > MAX_ZIP_BYTES) throw new UnreadableBill(`the bill is ${declared} bytes, more than is read`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > MAX_ZIP_BYTES) throw new UnreadableBill("the bill is larger than is read");
  return detailOfBillZip(bytes);
}
