// npm run openapi:answers: the JSON Schemas of the API's answers (each route's `data`), generated
// from the contract's TypeScript types into server/src/openapi/answer-schemas.json, which the
// OpenAPI document reads at start. server/src/openapi/answer-schemas.test.ts fails while the file
// differs from what this generates, so a changed answer type cannot leave the document behind.
import { writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import {
  BaseType,
  type CompletedConfig,
  type Context,
  createFormatter,
  createParser,
  createProgram,
  DEFAULT_CONFIG,
  type Definition,
  LiteralType,
  SchemaGenerator,
  type SubNodeParser,
  type SubTypeFormatter,
  UnionType,
} from "ts-json-schema-generator";
import ts from "typescript";
import { buildApp } from "../src/app.js";
import { loadConfig } from "../src/config.js";
import { answerNames, ZOD_SCHEMA_KEY } from "../src/openapi/answer-names.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const COMPONENTS = "#/components/schemas/";
export const ANSWER_SCHEMAS_FILE = path.join(ROOT, "server/src/openapi/answer-schemas.json");

/** A type the contract infers from one of its zod schemas (`z.infer<typeof UserInfoSchema>`). */
class ZodSchemaType extends BaseType {
  constructor(readonly schemaName: string) {
    super();
  }
  getId(): string {
    return `zod-${this.schemaName}`;
  }
}

/**
 * The generator cannot read zod's types: an inferred type becomes a marker naming its schema,
 * which the document replaces with the schema's own JSON Schema (z.toJSONSchema) at start.
 */
class ZodInferParser implements SubNodeParser {
  supportsNode(node: ts.Node): boolean {
    return ts.isTypeReferenceNode(node) && ["z.infer", "z.output"].includes(node.typeName.getText());
  }
  createType(node: ts.TypeReferenceNode, _context: Context): BaseType {
    const [argument] = node.typeArguments ?? [];
    if (!argument || !ts.isTypeQueryNode(argument)) throw new Error(`not a z.infer<typeof …>: ${node.getText()}`);
    return new ZodSchemaType(argument.exprName.getText());
  }
}

/**
 * `(typeof MESSAGE_TYPES)[number]`, `keyof typeof CATEGORIES`: the generator reads a type from its
 * source text and cannot follow a spread in a constant, so the compiler gives the strings instead.
 */
class ConstantKeysParser implements SubNodeParser {
  constructor(private readonly checker: ts.TypeChecker) {}
  private literals(node: ts.Node): string[] | undefined {
    if (!ts.isIndexedAccessTypeNode(node) && !ts.isTypeOperatorNode(node)) return undefined;
    const type = this.checker.getTypeFromTypeNode(node);
    const members = type.isUnion() ? type.types : [type];
    const values = members.map((member) => (member.isStringLiteral() ? member.value : undefined));
    return values.every((value) => value !== undefined) ? (values as string[]) : undefined;
  }
  supportsNode(node: ts.Node): boolean {
    return this.literals(node) !== undefined;
  }
  createType(node: ts.Node): BaseType {
    const values = this.literals(node) ?? [];
    return values.length === 1
      ? new LiteralType(values[0] ?? "")
      : new UnionType(values.map((v) => new LiteralType(v)));
  }
}

class ZodInferFormatter implements SubTypeFormatter {
  supportsType(type: BaseType): boolean {
    return type instanceof ZodSchemaType;
  }
  getDefinition(type: ZodSchemaType): Definition {
    return { [ZOD_SCHEMA_KEY]: type.schemaName } as Definition;
  }
  getChildren(): BaseType[] {
    return [];
  }
}

/** An OpenAPI component's name: `Page<Goods>` becomes `Page_Goods`. */
const componentName = (definition: string) =>
  decodeURIComponent(definition)
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/_$/, "");

/** Each definition under its component name, its references pointing at the components. */
function asComponents(definitions: Record<string, Definition>): Record<string, Definition> {
  const text = JSON.stringify(definitions).replace(
    /"\$ref":"#\/definitions\/([^"]+)"/g,
    (_, name: string) => `"$ref":"${COMPONENTS}${componentName(name)}"`,
  );
  return Object.fromEntries(
    Object.entries(JSON.parse(text) as Record<string, Definition>).map(([name, schema]) => [
      componentName(name),
      schema,
    ]),
  );
}

/** The JSON Schemas of the named contract types and of every type they use, by component name. */
export function generateAnswerSchemas(typeNames: readonly string[]): Record<string, Definition> {
  const config: CompletedConfig = {
    ...DEFAULT_CONFIG,
    path: path.join(ROOT, "packages/contract/src/index.ts"),
    tsconfig: path.join(ROOT, "packages/contract/tsconfig.json"),
    expose: "export",
    topRef: true,
    jsDoc: "basic",
    // The contract is type-checked by npm run typecheck; here it is only read.
    skipTypeCheck: true,
  };
  const program = createProgram(config);
  const parser = createParser(program, config, (chain) =>
    chain.addNodeParser(new ZodInferParser()).addNodeParser(new ConstantKeysParser(program.getTypeChecker())),
  );
  const formatter = createFormatter(config, (chain) => chain.addTypeFormatter(new ZodInferFormatter()));
  const generator = new SchemaGenerator(program, parser, formatter, config);
  const definitions: Record<string, Definition> = {};
  for (const name of [...typeNames].sort()) {
    Object.assign(definitions, generator.createSchema(name).definitions);
  }
  return asComponents(Object.fromEntries(Object.entries(definitions).sort(([a], [b]) => a.localeCompare(b))));
}

/** The registered routes' declarations, read off an app built on a throwaway data folder. */
async function declaredRoutes() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "xianzhi-answers-"));
  const app = await buildApp(loadConfig({ DATA_DIR: dataDir, DEMO_DATA: "false", LOG_LEVEL: "silent" }), {
    logger: false,
    jobsByHandOnly: true,
  });
  const routes = app.apiRoutes;
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
  return routes;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const schemas = generateAnswerSchemas(answerNames(await declaredRoutes()));
  writeFileSync(ANSWER_SCHEMAS_FILE, `${JSON.stringify(schemas, null, 2)}\n`);
  console.log(`${Object.keys(schemas).length} schemas written to ${path.relative(ROOT, ANSWER_SCHEMAS_FILE)}`);
}
