// The web app's import rules, run by `npm test` before the suites (see README, "Layout").
//
//   app -> screens -> features -> components / contract, and nothing points back:
//   - components/ imports no screen, no feature and no app module (shared UI knows no feature);
//   - screens/ (the screens composed of several features, and the parts only they use) import a
//     feature only through its public files, as another feature does; no feature, component or app
//     module imports them but app/router.tsx, which loads the screens (entry-server.tsx renders them
//     through its routes);
//   - a feature imports another feature only through its public files: index.ts (state, endpoints,
//     hooks: light enough for the app shell) and ui.ts (components the screens and others compose);
//   - web features import one another in one direction only: none imports one that imports it back,
//     however far round (what another feature draws inside one, it takes from the screen: slots);
//   - a feature or a screen imports from app/ only the kernel every RTK Query feature needs: the one
//     api (api.ts, to inject its endpoints), api-error.ts, hooks.ts, paths.ts, and store.ts for its
//     types, and the names the service worker and the app agree on (service-worker/caches.ts: where
//     shared pictures wait); never the shell (router, layout, navigation, providers);
//   - app/ imports a feature's index.ts or ui.ts, and only app/router.tsx loads screens (*-screen,
//     in screens/ or a feature's own); so no screen imports another screen;
//   - Ant Design is reached only through components/ (kit.ts, icons.tsx); styles are CSS modules
//     (name.module.css) imported by the components beside them, one name each; only main.tsx
//     imports the global styles.css;
//   - the web app takes the contract's values from its schema-free entry, @xianzhi/contract/constants,
//     and only types from the main entry, so zod stays out of the app's bundle;
//   - the contract imports neither the server nor the web app, and its schema-free files
//     (constants.ts, errors.ts, limits.ts, values/) import only each other;
//   - on the server, a feature (server/src/features/<name>/) is a module: everything outside it
//     (another feature, the app, jobs, plugins, commands, tests, the benchmarks, the browser tests)
//     imports it through its index.ts, its public face; its repositories and other files are its
//     own; and no server feature imports one that imports it back.
// Biome's noRestrictedImports matches specifiers as written, so each rule would have to be spelled
// for every relative depth and could not let store.ts in for types only; this check resolves each
// import to the file it names instead.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const WEB = "web/src/";
const CONTRACT = "packages/contract/src/";
const SERVER = ["server/src/", "server/commands/", "server/bench/", "e2e/"];
const SERVER_FEATURE = /^server\/src\/features\/([^/]+)\/(.+)$/;
const APP_KERNEL = new Set(["app/api", "app/api-error", "app/hooks", "app/paths", "app/service-worker/caches"]);
const FEATURE_PUBLIC_FILES = new Set(["index", "ui"]);
/** The contract's files behind @xianzhi/contract/constants: no schema, no zod. */
const SCHEMA_FREE = /^packages\/contract\/src\/(constants|errors|limits|values\/[^/]+)$/;

/** @typedef {{ specifier: string; line: number; typeOnly: boolean }} Import */
/** @typedef {{ path: string; source: string }} SourceFile */
/** @typedef {{ path: string; line: number; specifier: string; reason: string }} Violation */
/** @typedef {(imported: Import) => string | undefined} Rule */

/**
 * Every import of a source file: its specifier, line, and whether it brings in types only.
 * @param {string} fileName
 * @param {string} source
 * @returns {Import[]}
 */
function importsOf(fileName, source) {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  /** @type {Import[]} */
  const found = [];
  /** @type {(specifier: import("typescript").StringLiteral, typeOnly: boolean) => void} */
  const add = (specifier, typeOnly) => {
    const line = file.getLineAndCharacterOfPosition(specifier.getStart()).line + 1;
    found.push({ specifier: specifier.text, line, typeOnly });
  };
  /** @type {(node: import("typescript").Node) => void} */
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier, isTypeOnlyImport(node.importClause));
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier, node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0], false);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** @param {import("typescript").ImportClause | undefined} clause */
function isTypeOnlyImport(clause) {
  if (!clause) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return !clause.name && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0
    ? bindings.elements.every((element) => element.isTypeOnly)
    : false;
}

/**
 * The module a relative specifier names, relative to the repository root, without extension.
 * @param {string} fromFile
 * @param {string} specifier
 */
function resolve(fromFile, specifier) {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  return target.replace(/\.(m?[jt]sx?)$/, "");
}

/**
 * Where a web module sits: app, screens, components, a feature (with its file), or elsewhere.
 * @param {string} webModule
 * @returns {{ layer: "feature"; feature: string; file: string } | { layer: "app" | "screens" | "components" | "root" }}
 */
function placeOf(webModule) {
  const [top, name, ...rest] = webModule.split("/");
  if (top === "features" && name) {
    const file = rest.length === 0 ? "index" : rest.join("/");
    return { layer: "feature", feature: name, file };
  }
  if (top === "app" || top === "screens" || top === "components") return { layer: top };
  return { layer: "root" };
}

/** Ant Design's packages: antd and @ant-design/* (icons, their SVGs, colours). */
const ANT_DESIGN = /^(antd|@ant-design\/[^/]+)(\/|$)/;
/** The one global stylesheet: the page's base (fonts, colours, Ant Design's typography). */
const GLOBAL_STYLESHEET = { importer: "main", stylesheet: "styles.css" };

/**
 * Why importing a stylesheet breaks the rules: styles are scoped per component, each in a CSS module
 * (name.module.css) beside the component that draws it; only main.tsx takes the global styles.css.
 * @param {string} fromModule
 * @param {string} toModule
 */
function stylesheetViolation(fromModule, toModule) {
  if (!toModule.endsWith(".css")) return undefined;
  if (toModule === GLOBAL_STYLESHEET.stylesheet) {
    return fromModule === GLOBAL_STYLESHEET.importer ? undefined : "only main.tsx imports the global styles.css";
  }
  if (!toModule.endsWith(".module.css"))
    return "styles are scoped: a component's styles are a CSS module (name.module.css)";
  if (path.posix.dirname(toModule) !== path.posix.dirname(fromModule)) {
    return "a CSS module belongs to the components beside it: another folder's component takes its own";
  }
  return undefined;
}

/**
 * The stylesheets of web/src that break the rules: any but styles.css not a CSS module, and two
 * CSS modules of one name (a module's file name begins its classes: web/vite.config.ts).
 * @param {string[]} stylesheets paths relative to web/src
 * @returns {string[]}
 */
export function stylesheetProblems(stylesheets) {
  const problems = stylesheets
    .filter((sheet) => sheet !== GLOBAL_STYLESHEET.stylesheet && !sheet.endsWith(".module.css"))
    .map((sheet) => `web/src/${sheet} is global: make it a CSS module (name.module.css) of its components`);
  /** @type {Map<string, string[]>} */
  const byName = new Map();
  for (const sheet of stylesheets.filter((name) => name.endsWith(".module.css"))) {
    const name = path.posix.basename(sheet);
    byName.set(name, [...(byName.get(name) ?? []), sheet]);
  }
  for (const [name, sheets] of byName) {
    if (sheets.length > 1)
      problems.push(
        `${sheets.map((s) => `web/src/${s}`).join(" and ")} share the name ${name}: their classes would meet`,
      );
  }
  return problems;
}

/** @param {string} webModule */
const isScreen = (webModule) => /-screen$/.test(webModule);

/**
 * Why an import of a web file breaks the rules, or undefined if it keeps them.
 * @param {string} fromModule
 * @param {Import} imported
 */
function webViolation(fromModule, imported) {
  const { specifier, typeOnly } = imported;
  if (specifier === "@xianzhi/server") return "the web app never imports the server";
  if (specifier === "@xianzhi/contract" && !typeOnly) {
    return "values come from @xianzhi/contract/constants (no zod in the app's bundle); the main entry only for types";
  }
  const from = placeOf(fromModule);
  if (ANT_DESIGN.test(specifier) && from.layer !== "components") {
    return "Ant Design is reached through components/ (kit.ts, icons.tsx), never directly";
  }
  if (!specifier.startsWith(".")) return undefined;
  const target = resolve(`${WEB}${fromModule}`, specifier);
  if (!target.startsWith(WEB)) return "a web module imports only inside web/src (and packages by name)";
  const toModule = target.slice(WEB.length);
  const styleViolation = stylesheetViolation(fromModule, toModule);
  if (styleViolation) return styleViolation;
  const to = placeOf(toModule);

  if (isScreen(toModule) && fromModule !== "app/router") return "only app/router.tsx loads screens";
  if (from.layer === "components" && to.layer !== "components") {
    return "components/ is shared UI: it imports no screen, no feature and no app module";
  }
  if (to.layer === "screens" && from.layer !== "screens" && fromModule !== "app/router") {
    return "screens/ sits above the features: only the router and other screens' files import it";
  }
  if ((from.layer === "feature" || from.layer === "screens") && to.layer === "app") {
    if (APP_KERNEL.has(toModule) || (toModule === "app/store" && typeOnly)) return undefined;
    return "a feature or screen imports from app/ only api, api-error, hooks, paths (and store's types), never the shell";
  }
  if (to.layer === "feature" && !(from.layer === "feature" && from.feature === to.feature)) {
    if (FEATURE_PUBLIC_FILES.has(to.file) || (fromModule === "app/router" && isScreen(toModule))) return undefined;
    return `another feature's internals: import features/${to.feature}/index.ts or ui.ts instead`;
  }
  return undefined;
}

/**
 * @param {string} fromFile
 * @param {Import} imported
 */
function contractViolation(fromFile, { specifier }) {
  if (specifier === "@xianzhi/server" || specifier === "@xianzhi/web") return "the contract knows neither side";
  const target = specifier.startsWith(".") ? resolve(fromFile, specifier) : specifier;
  if (specifier.startsWith(".") && !target.startsWith(CONTRACT)) return "the contract imports only its own files";
  if (SCHEMA_FREE.test(fromFile.replace(/\.ts$/, "")) && !SCHEMA_FREE.test(target)) {
    return "a schema-free file (behind @xianzhi/contract/constants) imports only schema-free files";
  }
  return undefined;
}

/**
 * @param {string} fromFile
 * @param {Import} imported
 */
function serverViolation(fromFile, { specifier }) {
  if (specifier === "@xianzhi/web") return "the server never imports the web app";
  if (!specifier.startsWith(".")) return undefined;
  const to = resolve(fromFile, specifier).match(SERVER_FEATURE);
  if (!to || to[2] === "index") return undefined;
  const from = fromFile.match(SERVER_FEATURE);
  if (from && from[1] === to[1]) return undefined;
  return `another feature's internals: import server/src/features/${to[1]}/index.ts, its public face, instead`;
}

/** Where a feature's folder is on each side: its name is the first group. */
const FEATURE_FOLDER = {
  server: SERVER_FEATURE,
  web: /^web\/src\/features\/([^/]+)(?:\/|$)/,
};

/**
 * The features of one side that import one another round a circle: each that reaches itself
 * through the features its files (tests aside) import.
 * @param {SourceFile[]} files
 * @param {"server" | "web"} side
 * @returns {Set<string>}
 */
export function featuresOnCircles(files, side) {
  const folder = FEATURE_FOLDER[side];
  /** @type {Map<string, Set<string>>} */
  const imports = new Map();
  for (const { path: filePath, source } of files) {
    const from = filePath.match(folder)?.[1];
    if (!from || /\.test\.tsx?$/.test(filePath)) continue;
    const imported = imports.get(from) ?? new Set();
    imports.set(from, imported);
    for (const { specifier } of importsOf(filePath, source)) {
      const to = specifier.startsWith(".") ? resolve(filePath, specifier).match(folder)?.[1] : undefined;
      if (to && to !== from) imported.add(to);
    }
  }
  /** @param {string} start */
  const reachesItself = (start) => {
    const seen = new Set();
    const next = [...(imports.get(start) ?? [])];
    for (let feature = next.pop(); feature !== undefined; feature = next.pop()) {
      if (feature === start) return true;
      if (seen.has(feature)) continue;
      seen.add(feature);
      next.push(...(imports.get(feature) ?? []));
    }
    return false;
  };
  return new Set([...imports.keys()].filter(reachesItself));
}

/**
 * The features on import circles, on either side (none may be), each as the message npm test prints.
 * @param {SourceFile[]} files
 * @returns {string[]}
 */
export function forbiddenCircles(files) {
  return /** @type {const} */ (["server", "web"]).flatMap((side) =>
    [...featuresOnCircles(files, side)].map(
      (feature) => `${side}/src/features/${feature} imports features that import it back: break the circle`,
    ),
  );
}

/**
 * The broken rules in the given files ({ path relative to the repository root, source }), each as
 * { path, line, specifier, reason }.
 * @param {SourceFile[]} files
 * @returns {Violation[]}
 */
export function findViolations(files) {
  /** @type {Violation[]} */
  const violations = [];
  for (const { path: filePath, source } of files) {
    /** @type {Rule | undefined} */
    const rule = filePath.startsWith(WEB)
      ? (imported) => webViolation(filePath.slice(WEB.length).replace(/\.tsx?$/, ""), imported)
      : filePath.startsWith(CONTRACT)
        ? (imported) => contractViolation(filePath, imported)
        : SERVER.some((dir) => filePath.startsWith(dir))
          ? (imported) => serverViolation(filePath, imported)
          : undefined;
    if (!rule) continue;
    for (const imported of importsOf(filePath, source)) {
      const reason = rule(imported);
      if (reason) violations.push({ path: filePath, line: imported.line, specifier: imported.specifier, reason });
    }
  }
  return violations;
}

/**
 * The TypeScript sources of the web app, the contract and the server under a repository root.
 * @param {string} root
 * @returns {SourceFile[]}
 */
export function readSources(root) {
  return [WEB, CONTRACT, ...SERVER].flatMap((dir) =>
    readdirSync(path.join(root, dir), { recursive: true })
      .map((name) => `${dir}${String(name).split(path.sep).join("/")}`)
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => ({ path: name, source: readFileSync(path.join(root, name), "utf8") })),
  );
}

/**
 * A CSS module's class as the components name it (Vite's localsConvention "camelCaseOnly"):
 * `goods-card__title` is `goodsCardTitle`.
 * @param {string} local
 */
export function camelClassName(local) {
  const [first = "", ...rest] = local.split(/[^A-Za-z0-9]+/).filter(Boolean);
  return first.toLowerCase() + rest.map((word) => word[0]?.toUpperCase() + word.slice(1).toLowerCase()).join("");
}

/**
 * The classes a CSS module defines (those inside :global(...) are not its own), by the name the
 * components use.
 * @param {string} css
 * @returns {Set<string>}
 */
export function moduleClasses(css) {
  return new Set(ownClassNames(css).map(camelClassName));
}

/**
 * The class names a CSS module defines, as written (those inside :global(...) are not its own).
 * @param {string} css
 * @returns {string[]}
 */
function ownClassNames(css) {
  const own = css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/:global\([^)]*\)/g, "")
    .replace(/url\([^)]*\)/g, "");
  return [...new Set([...own.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)].map(([, local = ""]) => local))];
}

/**
 * Two classes of one module that the components would name alike (`notification--unread` and
 * `notification__unread` are both `notificationUnread`): one would take the other's place.
 * @param {string} stylesheet
 * @param {string} css
 * @returns {string[]}
 */
export function classesNamedAlike(stylesheet, css) {
  /** @type {Map<string, string[]>} */
  const byName = new Map();
  for (const local of ownClassNames(css)) {
    const name = camelClassName(local);
    byName.set(name, [...(byName.get(name) ?? []), local]);
  }
  return [...byName]
    .filter(([, locals]) => locals.length > 1)
    .map(
      ([name, locals]) => `${stylesheet}: ${locals.map((local) => `.${local}`).join(" and ")} are both styles.${name}`,
    );
}

/**
 * A component's use of a class its CSS module does not define (`styles.gooodsCard`): TypeScript
 * cannot see it (a module's classes are typed as any string), and the element would go unstyled.
 * @param {SourceFile[]} files
 * @param {(stylesheet: string) => string} readCss reads a stylesheet by its path from the root
 * @returns {string[]}
 */
export function unknownClasses(files, readCss) {
  return files.flatMap(({ path: filePath, source }) =>
    [...source.matchAll(/^import (\w+) from "(\.\/[\w.-]+\.module\.css)";$/gm)].flatMap(
      ([, binding = "", specifier = ""]) => {
        const stylesheet = path.posix.join(path.posix.dirname(filePath), specifier);
        const defined = moduleClasses(readCss(stylesheet));
        const used = [...source.matchAll(new RegExp(`\\b${binding}(?:\\.(\\w+)|\\["([^"]+)"\\])`, "g"))];
        return used
          .map(([, dotted, bracketed]) => dotted ?? bracketed ?? "")
          .filter((name) => !defined.has(name))
          .map((name) => `${filePath} uses ${binding}.${name}, which ${stylesheet} does not define`);
      },
    ),
  );
}

/**
 * The web app's stylesheets under a repository root, relative to web/src.
 * @param {string} root
 * @returns {string[]}
 */
export function readStylesheets(root) {
  return readdirSync(path.join(root, WEB), { recursive: true })
    .map((name) => String(name).split(path.sep).join("/"))
    .filter((name) => name.endsWith(".css"));
}

/**
 * Every stylesheet rule broken under a repository root, each as the message npm test prints:
 * global or same-named stylesheets, classes the components use and their modules lack, and
 * classes of one module named alike.
 * @param {string} root
 * @param {SourceFile[]} files the sources (readSources)
 * @returns {string[]}
 */
export function stylesheetRuleBreaks(root, files) {
  const stylesheets = readStylesheets(root);
  const read = (/** @type {string} */ fromRoot) => readFileSync(path.join(root, fromRoot), "utf8");
  return [
    ...stylesheetProblems(stylesheets),
    ...unknownClasses(files, read),
    ...stylesheets.flatMap((sheet) => classesNamedAlike(`${WEB}${sheet}`, read(`${WEB}${sheet}`))),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const files = readSources(root);
  const violations = findViolations(files);
  for (const v of violations) console.error(`${v.path}:${v.line}  import "${v.specifier}": ${v.reason}`);
  const circles = forbiddenCircles(files);
  for (const circle of circles) console.error(circle);
  const stylesheets = stylesheetRuleBreaks(root, files);
  for (const problem of stylesheets) console.error(problem);
  const broken = violations.length + circles.length + stylesheets.length;
  if (broken > 0) {
    console.error(`${broken} import(s) or stylesheet(s) break the layout rules (README, "Layout")`);
    process.exit(1);
  }
  console.log("imports keep the layout rules");
}
