import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  classesNamedAlike,
  featuresOnCircles,
  findViolations,
  forbiddenCircles,
  moduleClasses,
  readSources,
  readStylesheets,
  stylesheetProblems,
  stylesheetRuleBreaks,
  unknownClasses,
} from "./check-imports.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * The reasons the check gives for one file holding one import line.
 * @param {string} filePath
 * @param {string} importLine
 */
function reasonsFor(filePath, importLine) {
  return findViolations([{ path: filePath, source: `${importLine}\n` }]).map((v) => v.reason);
}

describe("the import rules", () => {
  // Parses every source file of three packages: seconds on a busy machine.
  it("hold in the web app, the contract and the server", { timeout: 60_000 }, () => {
    expect(findViolations(readSources(root))).toEqual([]);
  });

  it.each([
    ["web/src/components/x.tsx", 'import { isSignedIn } from "../features/accounts";', "components/ is shared UI"],
    ["web/src/components/x.tsx", 'import { paths } from "../app/paths";', "components/ is shared UI"],
    ["web/src/features/goods/x.tsx", 'import { chatApi } from "../chat/chat-api";', "another feature's internals"],
    ["web/src/features/goods/x.tsx", 'export { chatApi } from "../chat/chat-api";', "another feature's internals"],
    ["web/src/features/goods/x.tsx", 'import { AppLayout } from "../../app/app-layout";', "never the shell"],
    ["web/src/features/goods/x.tsx", 'import { createStore } from "../../app/store";', "never the shell"],
    ["web/src/features/goods/x.tsx", 'const s = import("./home-screen");', "only app/router.tsx loads screens"],
    ["web/src/features/chat/x.tsx", 'import Login from "../accounts/login-screen";', "only app/router.tsx"],
    ["web/src/app/top-nav.tsx", 'import { setUserInfo } from "../features/accounts/auth-slice";', "internals"],
    ["web/src/features/goods/x.tsx", 'import { BuyerActions } from "../../screens/buyer-actions";', "above"],
    ["web/src/components/x.tsx", 'import { SellerGoods } from "../screens/seller-goods";', "components/ is shared UI"],
    ["web/src/app/top-nav.tsx", 'import { BuyerActions } from "../screens/buyer-actions";', "above the features"],
    ["web/src/entry-server.tsx", 'import HomeScreen from "./screens/home-screen";', "only app/router.tsx"],
    ["web/src/screens/home-screen.tsx", 'import SearchScreen from "./search-screen";', "only app/router.tsx"],
    ["web/src/screens/x.tsx", 'import { GoodsCard } from "../features/goods/goods-card";', "internals"],
    ["web/src/screens/x.tsx", 'import { AppLayout } from "../app/app-layout";', "never the shell"],
    ["web/src/app/x.tsx", 'import { Router } from "../../server/src/app";', "only inside web/src"],
    ["web/src/app/x.tsx", 'import { buildApp } from "@xianzhi/server";', "never imports the server"],
    ["packages/contract/src/x.ts", 'import { api } from "../../../web/src/app/api";', "its own files"],
    ["packages/contract/src/x.ts", 'import type { Db } from "@xianzhi/server";', "knows neither side"],
    ["web/src/app/x.ts", 'import { Errors } from "@xianzhi/contract";', "@xianzhi/contract/constants"],
    ["web/src/app/x.ts", 'import { Errors, type Goods } from "@xianzhi/contract";', "@xianzhi/contract/constants"],
    ["packages/contract/src/values/goods.ts", 'import { z } from "../zod.js";', "schema-free"],
    ["packages/contract/src/constants.ts", 'export * from "./goods.js";', "schema-free"],
    ["packages/contract/src/errors.ts", 'import { z } from "zod";', "schema-free"],
    [
      "server/src/features/deals/x.ts",
      'import { lockGoodsById } from "../goods/goods-repository.js";',
      "its public face",
    ],
    ["server/src/features/deals/x.ts", 'export { toGoodsList } from "../goods/goods-mapper.js";', "its public face"],
    ["server/src/jobs/x.ts", 'import { expireOffers } from "../features/offers/offer-service.js";', "its public face"],
    [
      "server/commands/x.ts",
      'import { insertUser } from "../src/features/accounts/user-repository.js";',
      "public face",
    ],
    ["server/bench/x.ts", 'import { searchGoods } from "../src/features/goods/goods-service.js";', "public face"],
    [
      "e2e/x.test.ts",
      'import { matchSavedSearches } from "../server/src/features/saved-searches/saved-search-matcher.js";',
      "public face",
    ],
    ["server/src/app.ts", 'import { App } from "@xianzhi/web";', "never imports the web app"],
    ["web/src/features/goods/x.tsx", 'import { Button } from "antd";', "through components/"],
    ["web/src/screens/x.tsx", 'import zhCN from "antd/es/locale/zh_CN";', "through components/"],
    ["web/src/app/x.tsx", 'import { ReloadOutlined } from "@ant-design/icons";', "through components/"],
    ["web/src/features/goods/x.tsx", 'import "./feed.css";', "a CSS module"],
    ["web/src/screens/x.tsx", 'import styles from "../features/goods/feed.module.css";', "beside it"],
    ["web/src/app/x.tsx", 'import "../styles.css";', "only main.tsx"],
  ])("refuse %s importing: %s", (filePath, importLine, reason) => {
    expect(reasonsFor(filePath, importLine)).toEqual([expect.stringContaining(reason)]);
  });

  it.each([
    ["web/src/features/goods/x.tsx", 'import { isSignedIn } from "../accounts";'],
    ["web/src/features/goods/x.tsx", 'import { CommentSection } from "../comments/ui";'],
    ["web/src/features/goods/x.tsx", 'import { goodsApi } from "./goods-api";'],
    ["web/src/features/chat/x.ts", 'import type { AppDispatch } from "../../app/store";'],
    ["web/src/features/chat/x.ts", 'import { type AppDispatch, type RootState } from "../../app/store";'],
    ["web/src/features/chat/x.ts", 'import { api } from "../../app/api";'],
    ["web/src/app/router.tsx", 'const s = import("../features/goods/post-screen");'],
    ["web/src/app/router.tsx", 'const s = import("../screens/home-screen");'],
    ["web/src/screens/goods-info-screen.tsx", 'import { BuyerActions } from "./buyer-actions";'],
    ["web/src/screens/x.tsx", 'import { GoodsGrid } from "../features/goods/ui";'],
    ["web/src/screens/x.tsx", 'import { isSignedIn } from "../features/accounts";'],
    ["web/src/screens/x.tsx", 'import { paths } from "../app/paths";'],
    ["web/src/screens/x.tsx", 'import type { RootState } from "../app/store";'],
    ["web/src/app/store.ts", 'import { chatSlice } from "../features/chat";'],
    ["packages/contract/src/x.ts", 'import { z } from "./zod.js";'],
    ["web/src/app/x.ts", 'import type { Goods } from "@xianzhi/contract";'],
    ["web/src/app/x.ts", 'import { Errors } from "@xianzhi/contract/constants";'],
    ["packages/contract/src/constants.ts", 'export * from "./values/goods.js";'],
    ["packages/contract/src/goods.ts", 'import { GoodsLimits } from "./values/goods.js";'],
    ["server/src/features/deals/x.ts", 'import { lockGoodsById } from "../goods/index.js";'],
    ["server/src/features/deals/x.ts", 'import { insertDeal } from "./deal-repository.js";'],
    ["server/src/jobs/x.ts", 'import { expireOffers } from "../features/offers/index.js";'],
    ["server/src/app.ts", 'import { openDatabase } from "./db/database.js";'],
    ["web/src/components/kit.ts", 'export { Button } from "antd";'],
    ["web/src/features/goods/x.tsx", 'import { Button } from "../../components/kit";'],
    ["web/src/features/goods/x.tsx", 'import styles from "./feed.module.css";'],
    ["web/src/main.tsx", 'import "./styles.css";'],
  ])("allow %s importing: %s", (filePath, importLine) => {
    expect(reasonsFor(filePath, importLine)).toEqual([]);
  });

  it("find no feature on an import circle, on either side", { timeout: 60_000 }, () => {
    const sources = readSources(root);
    expect([...featuresOnCircles(sources, "server")]).toEqual([]);
    expect([...featuresOnCircles(sources, "web")]).toEqual([]);
    expect(forbiddenCircles(sources)).toEqual([]);
  });

  it("find a circle of features, and none in a line of them, on either side", () => {
    /** @param {string} side @param {string} name @param {string[]} imports */
    const feature = (side, name, imports) => ({
      path: side === "server" ? `server/src/features/${name}/service.ts` : `web/src/features/${name}/screen.tsx`,
      source: imports
        .map((to) => `import { x } from "../${to}/${side === "server" ? "index.js" : "index"}";`)
        .join("\n"),
    });
    for (const side of /** @type {const} */ (["server", "web"])) {
      const circle = [
        feature(side, "a", ["b"]),
        feature(side, "b", ["c"]),
        feature(side, "c", ["a"]),
        feature(side, "d", ["a"]),
      ];
      expect([...featuresOnCircles(circle, side)].sort()).toEqual(["a", "b", "c"]);
      const line = [feature(side, "a", ["b"]), feature(side, "b", ["c"]), feature(side, "c", [])];
      expect([...featuresOnCircles(line, side)]).toEqual([]);
    }
  });

  it("refuse any circle of features, on either side", () => {
    const serverCircle = [
      { path: "server/src/features/a/service.ts", source: 'import { x } from "../b/index.js";' },
      { path: "server/src/features/b/service.ts", source: 'import { y } from "../a/index.js";' },
    ];
    expect(forbiddenCircles(serverCircle)).toEqual([
      "server/src/features/a imports features that import it back: break the circle",
      "server/src/features/b imports features that import it back: break the circle",
    ]);
    const webCircle = [
      { path: "web/src/features/goods/x.tsx", source: 'import { y } from "../favorites/ui";' },
      { path: "web/src/features/favorites/index.ts", source: 'import { x } from "../goods";' },
    ];
    expect(forbiddenCircles(webCircle)).toEqual([
      "web/src/features/goods imports features that import it back: break the circle",
      "web/src/features/favorites imports features that import it back: break the circle",
    ]);
  });

  it("says where a broken rule is", () => {
    const source =
      'import { Button } from "../components/kit";\nimport { chatSlice } from "../features/chat/chat-slice";\n';
    expect(findViolations([{ path: "web/src/app/store.ts", source }])).toEqual([
      expect.objectContaining({ path: "web/src/app/store.ts", line: 2, specifier: "../features/chat/chat-slice" }),
    ]);
  });
});

describe("the stylesheets", () => {
  it("are CSS modules of their components, each name once, and define every class the components use", () => {
    const modules = readStylesheets(root).filter((sheet) => sheet.endsWith(".module.css"));
    expect(modules.length).toBeGreaterThan(20);
    expect(stylesheetRuleBreaks(root, readSources(root))).toEqual([]);
  });

  it("refuse two classes of a module the components would name alike", () => {
    const css = ".notification--unread { font-weight: 600 } .notification__unread { position: absolute }";
    expect(classesNamedAlike("notifications.module.css", css)).toEqual([
      "notifications.module.css: .notification--unread and .notification__unread are both styles.notificationUnread",
    ]);
    expect(classesNamedAlike("feed.module.css", ".goods-card { } .goods-card__title { }")).toEqual([]);
  });

  it("refuse a global stylesheet and two modules of one name", () => {
    expect(
      stylesheetProblems([
        "styles.css",
        "app/shell.css",
        "features/chat/safety.module.css",
        "features/safety/safety.module.css",
        "features/goods/feed.module.css",
      ]),
    ).toEqual([
      expect.stringContaining("web/src/app/shell.css is global"),
      expect.stringContaining("share the name safety.module.css"),
    ]);
  });

  it("read a module's own classes by the names the components use, not those it styles globally", () => {
    const css = `
      /* .commented-out {} */
      .goods-card__title { color: red }
      .goods-card--sold .goods-card__title, :global(.ant-btn) { opacity: 0.5 }
      .price { background: url(./x.svg#a.b) }`;
    expect([...moduleClasses(css)].sort()).toEqual(["goodsCardSold", "goodsCardTitle", "price"]);
  });

  it("refuse a class a component uses and its module does not define", () => {
    const source =
      'import styles from "./feed.module.css";\nconst a = styles.goodsCard + styles["goodsCardTitle"] + styles.gooodsCard;\n';
    const files = [{ path: "web/src/features/goods/x.tsx", source }];
    const read = () => ".goods-card { color: red } .goods-card__title { color: blue }";
    expect(unknownClasses(files, read)).toEqual([
      "web/src/features/goods/x.tsx uses styles.gooodsCard, which web/src/features/goods/feed.module.css does not define",
    ]);
  });
});
