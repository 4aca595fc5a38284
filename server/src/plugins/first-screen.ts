import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { GoodsListQuerySchema, GoodsSearchQuerySchema, IdParamsSchema } from "@xianzhi/contract";
import type { FastifyInstance } from "fastify";
import { listGoods, searchGoods, visitedGoods } from "../features/goods/index.js";
import { parseInput } from "../http/envelope.js";
import { serviceDeps } from "../services.js";

/** How the web app's server render asks for the goods screens' answers (web/src/features/goods/first-screen.ts). */
interface FirstScreenSource {
  goodsList(query: Record<string, string>): Promise<unknown>;
  searchGoods(query: Record<string, string>): Promise<unknown>;
  goodsInfo(id: string): Promise<unknown>;
}

/** What the web app's server render gives for a goods address (web/src/entry-server.tsx). */
interface RenderedScreen {
  html: string;
  /**
   * Style elements for that markup: none from this web app, whose stylesheets style its screens; a
   * build whose screens had Ant Design's run-time styles (the web benchmark's reference) gives them.
   */
  styles?: string;
  title: string;
  lcpImage: string | null;
  routeId: string;
  entries: unknown;
}

interface ServerRender {
  renderFirstScreen(url: URL, source: FirstScreenSource): Promise<RenderedScreen | null>;
  /** Whether rendering the address counts a visit (a goods page's view). */
  countsVisit(url: URL): boolean;
}

/** The web build's server render, written by `vite build --ssr` next to the browser's build; null without it. */
async function importServerRender(webDist: string): Promise<ServerRender | null> {
  const file = path.join(webDist, "..", "dist-ssr", "entry-server.js");
  if (!fs.existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as ServerRender;
}

/** Text for an HTML attribute or element. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * JSON inside <script type="application/json">: no "<" at all (so no "</script>" or "<!--" can end
 * or bend the element), nor the two line separators older parsers took for line ends.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g;
const FIRST_SCREEN = /<!--first-screen-->[\s\S]*<!--\/first-screen-->/;
/**
 * The app's script and its imports. On a rendered screen they are wanted after its pictures: the
 * page is on the screen already, and the code only makes it respond. So the document does not ask
 * for them: web/public/start-after-paint.js fetches and starts them (data-app, data-modules) once
 * the largest picture is painted, and no byte of code competes with the pictures before that.
 */
const APP_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

/**
 * The documents of the web app, made from the build's index.html once: its stylesheets written into
 * the head (no request stands between the document and its first paint), and for a goods address
 * (home, goods page, search) the screen rendered by the app's own components, with the answers it
 * was rendered from for the app to start with, and its largest picture asked for first. Anything else,
 * or any failure to render (a bad query, unknown goods), gets the plain shell: the app decides then.
 */
export class WebDocuments {
  /** The document of any other address: the top bar until the app has rendered. */
  readonly shell: string;

  private constructor(
    shell: string,
    private readonly template: string,
    private readonly render: ServerRender | null,
    private readonly source: FirstScreenSource,
    private readonly app: FastifyInstance,
  ) {
    this.shell = shell.replace(FIRST_SCREEN, (placeholder) =>
      placeholder.replace("<!--first-screen-->", "").replace("<!--/first-screen-->", ""),
    );
  }

  static async load(app: FastifyInstance, webDist: string): Promise<WebDocuments> {
    const indexHtml = fs.readFileSync(path.join(webDist, "index.html"), "utf8");
    const styleOf = (file: string) =>
      `<style>${fs.readFileSync(path.join(webDist, file), "utf8").replace(/<\/style/gi, "<\\/style")}</style>`;
    const linked = new Set<string>();
    const shell = indexHtml.replace(STYLESHEET, (_link, file: string) => {
      linked.add(file);
      return styleOf(file);
    });
    // A rendered screen is styled before any of its code arrives, whichever chunks its components
    // come from. The build makes one stylesheet (web/vite.config.ts), already written into the shell;
    // were it split by chunk, the screens' parts would follow the shell's here.
    const screensCss = fs
      .readdirSync(path.join(webDist, "assets"))
      .filter((name) => name.endsWith(".css"))
      .map((name) => `assets/${name}`)
      .filter((file) => !linked.has(file))
      .sort()
      .map(styleOf)
      .join("");
    const template = shell.replace("</head>", () => `${screensCss}</head>`);
    const source: FirstScreenSource = {
      goodsList: (query) => listGoods(serviceDeps(app), parseInput(GoodsListQuerySchema, query)),
      searchGoods: (query) => searchGoods(serviceDeps(app), parseInput(GoodsSearchQuerySchema, query)),
      goodsInfo: (id) => visitedGoods(serviceDeps(app), Number(parseInput(IdParamsSchema, { id }).id)),
    };
    return new WebDocuments(shell, template, await importServerRender(webDist), source, app);
  }

  /**
   * The document for a client address (path and query). Like the list's answers, a document that is
   * the same for everyone is made once for a moment and dropped by any change (the answer cache); a
   * goods page is rendered for every visit, since each counts a view.
   */
  async document(url: string, signedIn = false): Promise<string> {
    const render = this.render;
    // Someone signed in sees the goods screens with their own header, tab bar and hearts: the app
    // draws those at once; a visitor's screen drawn here would be swapped under their fingers.
    if (!render || signedIn) return this.shell;
    const address = new URL(url, "http://localhost");
    if (render.countsVisit(address)) return this.renderDocument(render, address);
    return this.app.answers.get(`document:${url}`, () => this.renderDocument(render, address));
  }

  private async renderDocument(render: ServerRender, url: URL): Promise<string> {
    let screen: RenderedScreen | null;
    try {
      screen = await render.renderFirstScreen(url, this.source);
    } catch (error) {
      // A bad query or unknown goods: the app asks the API itself and shows what it answers.
      this.app.log.debug({ err: error, url }, "first screen not rendered");
      return this.shell;
    }
    if (!screen) return this.shell;
    const head = [
      screen.lcpImage
        ? `<link rel="preload" as="image" href="${escapeHtml(screen.lcpImage)}" fetchpriority="high">`
        : "",
      screen.styles ?? "",
    ].join("");
    const answers = `<script type="application/json" id="first-screen">${scriptJson({
      routeId: screen.routeId,
      entries: screen.entries,
    })}</script>`;
    const modules = Array.from(this.template.matchAll(MODULE_PRELOAD), ([, href]) => href).join(" ");
    return this.template
      .replace(
        APP_SCRIPT,
        (_match, src: string) =>
          `<script type="module" src="/start-after-paint.js" data-app="${src}" data-modules="${modules}"></script>`,
      )
      .replace(MODULE_PRELOAD, "")
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(screen.title)}</title>`)
      .replace("</head>", () => `${head}</head>`)
      .replace(FIRST_SCREEN, () => screen.html)
      .replace("</body>", () => `${answers}</body>`);
  }
}
