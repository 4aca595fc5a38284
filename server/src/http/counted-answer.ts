import { ok } from "./envelope.js";

/**
 * The envelope of `data` serialized once but for one number that changes with every answer (a
 * view count): an answer joins the prebuilt text and the number, with no JSON.stringify per
 * request. The number goes last in `data`; clients read fields by name, not by place.
 */
export class CountedAnswer<T extends object> {
  readonly #head: string;

  /** `data` has at least one field besides `field`. */
  constructor(
    readonly data: T,
    field: keyof T & string,
  ) {
    const { [field]: _counted, ...rest } = data as Record<string, unknown>;
    const envelope = JSON.stringify(ok(rest));
    // The envelope ends with the data's closing brace and its own: the number goes before them.
    this.#head = `${envelope.slice(0, -2)},${JSON.stringify(field)}:`;
  }

  text(count: number): string {
    return `${this.#head}${count}}}`;
  }
}
