import { CamelCasePlugin, type PluginTransformResultArgs, type QueryResult, type UnknownRow } from "kysely";

/**
 * The camel-case plugin converts every column name of every row, and every identifier of every
 * query, afresh; the app has a few hundred names, each converted once here.
 */
export class RememberingCamelCasePlugin extends CamelCasePlugin {
  readonly #camel = new Map<string, string>();
  readonly #snake = new Map<string, string>();
  readonly #rowsAlreadyCamelCased: boolean;

  constructor({ rowsAlreadyCamelCased = false } = {}) {
    super();
    this.#rowsAlreadyCamelCased = rowsAlreadyCamelCased;
  }

  override transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return this.#rowsAlreadyCamelCased ? Promise.resolve(args.result) : super.transformResult(args);
  }

  /** A result column's name as the app reads it. */
  camelCaseName(name: string): string {
    return this.camelCase(name);
  }

  protected override camelCase(name: string): string {
    return remembered(this.#camel, name, (text) => super.camelCase(text));
  }

  protected override snakeCase(name: string): string {
    return remembered(this.#snake, name, (text) => super.snakeCase(text));
  }
}

function remembered(memory: Map<string, string>, name: string, convert: (name: string) => string): string {
  const known = memory.get(name);
  if (known !== undefined) return known;
  const converted = convert(name);
  memory.set(name, converted);
  return converted;
}
