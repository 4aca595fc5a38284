/**
 * Coarse places of addresses (登录设备, 新设备登录提醒): the country, province and city a MaxMind
 * GeoLite2/GeoIP2 City or Country database (GEOIP_DB) gives an address, in Chinese where the
 * database has it. Without a database, no address has a place.
 */
import maxmind, { type CityResponse, type Reader } from "maxmind";

type Named = { names?: { "zh-CN"?: string; en?: string } } | undefined;

type Language = "zh-CN" | "en";

export class PlaceLookup {
  private constructor(private readonly reader: Reader<CityResponse> | null) {}

  /** Opens the database once; null: places are not configured. A file that is no database stops the start. */
  static async open(file: string | null): Promise<PlaceLookup> {
    return new PlaceLookup(file ? await maxmind.open<CityResponse>(file) : null);
  }

  /**
   * "吉林 长春" for an address in China, "瑞典 林雪平" abroad, in Chinese where the database names
   * the country in Chinese (a part it does not name so is left out), else in English; null when
   * unknown or not configured.
   */
  placeOf(ip: string): string | null {
    const address = ip.replace(/^::ffff:/, "");
    if (!this.reader || !maxmind.validate(address)) return null;
    const found = this.reader.get(address);
    const countryRecord = found?.country ?? found?.registered_country;
    if (!found || !countryRecord) return null;
    const language: Language = countryRecord.names?.["zh-CN"] ? "zh-CN" : "en";
    const nameOf = (named: Named) => named?.names?.[language] ?? null;
    const country = nameOf(countryRecord);
    const parts = [country === "中国" ? null : country, nameOf(found.subdivisions?.[0]), nameOf(found.city)];
    const place = [...new Set(parts.filter((part): part is string => Boolean(part)))].join(" ");
    return place || country;
  }
}
