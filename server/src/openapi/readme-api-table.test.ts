import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { createTestAppWithRoutes } from "../test-support/route-table.js";
import { openApiPath } from "./api-document.js";

/**
 * The README's API table (what this product adds where the spec leaves room) against the
 * registered routes: a row naming a route that is gone fails, and so does a route that is neither
 * the spec's own nor in a row of the table.
 */
const t = await createTestAppWithRoutes();
afterAll(() => t.close());

/** The routes of the product spec (its section 7), which the spec itself describes. */
const SPEC_ROUTES = new Set(
  [
    "POST /user/login/username",
    "POST /user/login/email",
    "POST /user/reg",
    "GET /com/captcha",
    "POST /com/confirmcaptcha",
    "POST /com/email",
    "POST /com/confirmemail",
    "GET /goods/getlist",
    "GET /goods/getmylist",
    "GET /goods/info/{id}",
    "GET /goods/search/list",
    "POST /goods",
    "DELETE /goods/{id}",
    "GET /goodscomment/getlist/{goodsId}",
    "POST /goodscomment",
    "POST /com/upload",
    "POST /pic/add",
    "GET /mychatlist/getlist",
    "POST /mychatlist/create",
    "PUT /mychatlist/setread",
    "GET /chat/getlist",
    "PUT /user/userinfo",
    "PUT /user/email",
    "PUT /user/password",
    "GET /user/getinfo",
    "GET /fav",
    "POST /fav",
    "GET /fav/exists/{goodsId}",
    "DELETE /fav/{goodsId}",
    // "A real-time chat connection (websocket) exists".
    "GET /ws",
  ].map((route) => route.replace(" /", " /api/")),
);

/** Routes that are not API calls but are in the table: the document and its reader. */
const DOCUMENT_ROUTES = new Set(["GET /api/openapi.json", "GET /api/docs"]);

/**
 * The routes a row's first cell names. A cell may shorten: "`PUT /api/x/{id}`, `DELETE`" (the same
 * path), "`POST /api/user/login/username`, `/email`" (the same method, a sibling path).
 */
function routesOfCell(cell: string): string[] {
  const routes: string[] = [];
  let method = "";
  let path = "";
  for (const [, token = ""] of cell.matchAll(/`([^`]+)`/g)) {
    const full = /^(GET|POST|PUT|DELETE) (\/\S+)$/.exec(token);
    if (full) [, method = "", path = ""] = full;
    else if (/^(GET|POST|PUT|DELETE)$/.test(token)) method = token;
    else if (token.startsWith("/") && path) path = path.replace(/\/[^/]+$/, token);
    else continue;
    if (!path.endsWith("*")) routes.push(`${method} ${path.replace(/(.)\/$/, "$1")}`);
  }
  return routes;
}

function tableRoutes(): string[] {
  const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
  const api = readme.slice(readme.indexOf("\n## API\n"));
  const rows = api.split("\n").filter((line) => line.startsWith("| `") || line.startsWith("| WebSocket `/api"));
  return rows.flatMap((row) => {
    const cell = row.split(" | ")[0] ?? "";
    return cell.startsWith("| WebSocket") ? ["GET /api/ws"] : routesOfCell(cell);
  });
}

const registered = t.routes.map((route) => `${route.method} ${openApiPath(route.url)}`);

describe("the README's API table", () => {
  it("reads the shortened cells", () => {
    expect(routesOfCell("`PUT /api/saved-searches/{id}`, `DELETE`")).toEqual([
      "PUT /api/saved-searches/{id}",
      "DELETE /api/saved-searches/{id}",
    ]);
    expect(routesOfCell("`POST /api/user/login/username`, `/email`")).toEqual([
      "POST /api/user/login/username",
      "POST /api/user/login/email",
    ]);
    expect(routesOfCell("`POST /api/goods/`")).toEqual(["POST /api/goods"]);
  });

  it("names only routes the server has", () => {
    const known = new Set([...registered, ...DOCUMENT_ROUTES]);
    expect(tableRoutes().filter((route) => !known.has(route))).toEqual([]);
  });

  it("has a row for every route the spec does not describe", () => {
    const described = new Set([...tableRoutes(), ...SPEC_ROUTES]);
    expect(registered.filter((route) => !described.has(route))).toEqual([]);
  });
});
