import fs from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import react from "@vitejs/plugin-react";
import sharp from "sharp";
import { defineConfig, type Plugin } from "vite";
import { VitePWA } from "vite-plugin-pwa";
import { APP_ICONS, APPLE_TOUCH_ICON, webAppManifest } from "./src/app/web-app-manifest";
import { palette, paletteProperties } from "./src/components/theme";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a .br and a .gz copy next to every text file of the build, compressed once at the
 * highest levels, so the server sends them as they are instead of compressing on each request.
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "xianzhi-precompress",
    apply: (_config, { isSsrBuild }) => !isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the other plugins' last step (the service worker is written then), not beside it.
    closeBundle: { sequential: true, order: "post", handler: compressAll },
  };
  async function compressAll() {
    const files = (await fs.readdir(outDir, { recursive: true })).filter((file) =>
      /\.(js|css|html|svg|json|webmanifest)$/.test(file),
    );
    await Promise.all(
      files.map(async (file) => {
        const full = path.join(outDir, file);
        const content = await fs.readFile(full);
        if (content.length < 1024) return;
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          gzip(content, { level: 9 }),
        ]);
        await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)]);
      }),
    );
  }
}

/**
 * Writes the palette's custom properties into the page's head, so the stylesheets have their
 * colours from the first paint, before any script has run.
 */
function inlinePalette(): Plugin {
  const declarations = paletteProperties()
    .map(([property, colour]) => `${property}:${colour}`)
    .join(";");
  return {
    name: "xianzhi-inline-palette",
    transformIndexHtml: () => [{ tag: "style", children: `:root{${declarations}}`, injectTo: "head" }],
  };
}

/** The logo's viewBox side in web/public/favicon.svg. */
const LOGO_SIDE = 64;

/**
 * An app icon drawn from the logo at `size` px. Full-bleed (a maskable icon, iOS's): the logo at
 * 80 % on a square of its own colour, so a platform's mask (a circle, a squircle) keeps all of it.
 */
async function drawIcon(logo: Buffer, size: number, fullBleed: boolean): Promise<Buffer> {
  const side = fullBleed ? Math.round(size * 0.8) : size;
  const mark = await sharp(logo, { density: (72 * side) / LOGO_SIDE })
    .resize(side, side)
    .png()
    .toBuffer();
  if (!fullBleed) return mark;
  const offset = Math.round((size - side) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background: palette.brand } })
    .composite([{ input: mark, left: offset, top: offset }])
    .png()
    .toBuffer();
}

/**
 * What makes the site an app a phone installs: the web app manifest and its icons, every size drawn
 * at build time from the one logo (web/public/favicon.svg, its glyph an outline, so no font is
 * needed), and the links to them in the page's head.
 */
function installableApp(): Plugin {
  let publicDir = "public";
  return {
    name: "xianzhi-installable-app",
    apply: (_config, { command, isSsrBuild }) => command === "build" && !isSsrBuild,
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml: () => [
      { tag: "link", attrs: { rel: "manifest", href: "/manifest.webmanifest" }, injectTo: "head" },
      { tag: "meta", attrs: { name: "theme-color", content: palette.brand }, injectTo: "head" },
      { tag: "link", attrs: { rel: "apple-touch-icon", href: APPLE_TOUCH_ICON.src }, injectTo: "head" },
    ],
    async generateBundle() {
      const logo = await fs.readFile(path.join(publicDir, "favicon.svg"));
      const icons = [
        ...APP_ICONS.map((icon) => ({ ...icon, fullBleed: icon.purpose === "maskable" })),
        { ...APPLE_TOUCH_ICON, fullBleed: true },
      ];
      for (const icon of icons) {
        const source = await drawIcon(logo, icon.size, icon.fullBleed);
        this.emitFile({ type: "asset", fileName: icon.src.slice(1), source });
      }
      const manifest = JSON.stringify(webAppManifest(), null, 2);
      this.emitFile({ type: "asset", fileName: "manifest.webmanifest", source: manifest });
    },
  };
}

/** node_modules packages whose path matches, as a chunk-group test. */
function packages(...names: string[]): RegExp {
  return new RegExp(`[\\\\/]node_modules[\\\\/](${names.join("|")})[\\\\/]`);
}

/**
 * Every screen needs React, the router and Redux: each gets a chunk of its own,
 * which a new release of the app leaves cached when only app code changed (and whose code runs in
 * a task of its own on a server-drawn page: web/public/start-after-paint.js). Ant Design and the
 * screens stay in the automatic chunks, split by the screens that use them, so a screen loads only
 * the components it shows.
 */
const vendorChunks = [
  { name: "react", test: packages("react", "react-dom", "scheduler"), priority: 3 },
  { name: "router", test: packages("react-router", "cookie", "set-cookie-parser"), priority: 3 },
  {
    name: "redux",
    test: packages("@reduxjs", "redux", "redux-thunk", "immer", "reselect", "react-redux", "use-sync-external-store"),
    priority: 2,
  },
];

/**
 * Ant Design's rc-component packages declare no "sideEffects", so every module their index
 * re-exports would stay in the bundle (Ant Design's Input alone brings all of rc-form and its
 * async validator into the first load). Their modules only define things: one whose exports are
 * unused can go.
 */
const definesOnly = packages("@rc-component", "@ant-design", "antd");
function moduleSideEffects(id: string): boolean {
  return !definesOnly.test(id) || id.endsWith(".css");
}

/**
 * A CSS module's class in the page: the module's file name before its local name
 * (`feed.module.css`'s `.goods-card__title` is `feed_goods-card__title`), the same in the browser's
 * build, the server's render and the dev server. Module file names are unique in web/src
 * (scripts/check-imports.mjs refuses two alike), so no two modules' classes meet; and the names stay
 * readable in the browser's inspector and for the browser tests.
 */
export function scopedClassName(local: string, file: string): string {
  const module = path.basename(file.replace(/\?.*$/, "")).replace(/\.module\.css$/, "");
  return `${module}_${local}`;
}

/**
 * The service worker (src/sw.ts), built with the manifest of every file of the build it precaches:
 * the shell, the code of every screen, the styles and icons; not the compressed copies (the worker
 * fetches each file as the browser would, and the server answers it compressed), nor the icons
 * only the home screen shows. The page
 * registers it itself (app/service-worker/register.ts), after the first screen is up.
 */
function serviceWorker(disabled: boolean): Plugin[] {
  return VitePWA({
    disable: disabled,
    strategies: "injectManifest",
    srcDir: "src",
    filename: "sw.ts",
    registerType: "prompt",
    injectRegister: false,
    // The manifest is installableApp()'s, drawn with its icons.
    manifest: false,
    injectManifest: {
      // A classic script: every browser with service workers runs it (module workers are newer).
      rollupFormat: "iife",
      // The shell, every screen's code and the styles; of the icons only the notifications' one.
      globPatterns: ["**/*.{js,css,html}", "favicon.svg", "icons/icon-192.png"],
      globIgnores: ["start-after-paint.js"],
    },
  });
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), inlinePalette(), installableApp(), serviceWorker(Boolean(isSsrBuild)), precompress()],
  resolve: { conditions: ["source"] },
  // Styles are scoped per component: the components take their classes from the module
  // (`styles.goodsCardTitle` for `.goods-card__title`); only src/styles.css is global.
  css: { modules: { generateScopedName: scopedClassName, localsConvention: "camelCaseOnly" } },
  // The server's render of the goods screens (`vite build --ssr`): one self-contained module for Node,
  // every package bundled in, as the browser's build has them.
  ssr: { noExternal: true, resolve: { conditions: ["source"] } },
  // Node has no build-time NODE_ENV: without this the server would render with React's development build.
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    // One stylesheet for the whole app (some 55 kB, 9 kB compressed), written into every document
    // (server/src/plugins/first-screen.ts): split by chunk, a screen's code would ask for its part
    // again as it loaded, though the document held it already.
    cssCodeSplit: false,
    rolldownOptions: { treeshake: { moduleSideEffects }, output: { codeSplitting: { groups: vendorChunks } } },
  },
}));
