import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerUser } from "../test-support/accounts.js";
import { postGoods, uploadFileId } from "../test-support/goods.js";
import { call, createTestApp, type TestApp } from "../test-support/test-app.js";

// The real build of the web app (npm test builds it first), its server render included.
const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../web/dist");
const HOSTILE_TITLE = `</script><script>alert("x")</script><b>整理箱</b>`;

let t: TestApp;
let plain: { id: string };
let hostile: { id: string };
let cover: string;
beforeAll(async () => {
  if (!fs.existsSync(path.join(webDist, "..", "dist-ssr", "entry-server.js"))) {
    throw new Error("web/dist-ssr is missing: run `npm run build` first (npm test does)");
  }
  t = await createTestApp({ WEB_DIST: webDist });
  const seller = await registerUser(t.app, t.dataDir);
  const fileId = await uploadFileId(t.app, seller.token);
  plain = await postGoods(t.app, seller.token, { title: "山地自行车 禧玛诺变速", fileIds: [fileId] });
  hostile = await postGoods(t.app, seller.token, { title: HOSTILE_TITLE, description: "<img src=x onerror=alert(1)>" });
  cover = (plain as unknown as { pictures: { url: string }[] }).pictures[0]?.url ?? "";
});
afterAll(async () => {
  await t?.close();
});

async function documentOf(url: string) {
  const response = await t.app.inject({ method: "GET", url });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/text\/html/);
  expect(response.headers["cache-control"]).toBe("no-cache");
  return response.body;
}

/** The answers the document carries for the app, as the app reads them. */
interface Answer {
  id: string;
  title: string;
  total: number;
  list: { id: string; title: string }[];
}
function firstScreenOf(html: string): {
  routeId: string;
  entries: { endpointName: string; arg: unknown; value: Answer }[];
} {
  const match = /<script type="application\/json" id="first-screen">([\s\S]*?)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error("the document carries no first screen");
  return JSON.parse(match[1]);
}

describe("the documents of the goods screens", () => {
  it("renders a goods page with that goods' title, its answer for the app, and its cover asked for first", async () => {
    const html = await documentOf(`/goodsinfo/${plain.id}`);
    expect(html).toMatch(/<h1 class="goods-info_goods-info__title">山地自行车 禧玛诺变速<\/h1>/);
    const { routeId, entries } = firstScreenOf(html);
    expect(routeId).toBe("goods-info");
    expect(entries).toEqual([
      expect.objectContaining({
        endpointName: "goodsInfo",
        arg: plain.id,
        value: expect.objectContaining({ id: plain.id }),
      }),
    ]);
    // The same goods as the API answers; each visit, the document's and the API's, counts a view.
    const api = await call(t.app, "GET", `/api/goods/info/${plain.id}`);
    const seen = entries[0]?.value as Answer & { viewCount: number };
    expect(api.data).toEqual({ ...seen, viewCount: seen.viewCount + 1 });
    const again = firstScreenOf(await documentOf(`/goodsinfo/${plain.id}`)).entries[0]?.value;
    expect(again).toEqual({ ...seen, viewCount: seen.viewCount + 2 });
    expect(cover).not.toBe("");
    expect(html).toContain(`<link rel="preload" as="image" href="${cover}" fetchpriority="high">`);
    // Its styles are in the document: nothing to wait for before the first paint; the app's code is
    // fetched and started after it, its modules named for the start script rather than preloaded.
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    expect(html).toMatch(
      /<script type="module" src="\/start-after-paint.js" data-app="\/assets\/index-[\w-]+\.js" data-modules="[^"]*\/assets\/react-[\w-]+\.js/,
    );
    expect(html).not.toMatch(/rel="modulepreload"/);
  });

  it("renders the home's first page of goods, the answer the app asks for", async () => {
    const html = await documentOf("/");
    expect(html).toContain("山地自行车 禧玛诺变速");
    const { routeId, entries } = firstScreenOf(html);
    expect(routeId).toBe("home");
    expect(entries[0]).toMatchObject({
      endpointName: "goodsList",
      arg: { page: 1, pageSize: 20, sort: "latest" },
      value: { total: 2 },
    });
  });

  it("shows goods posted a moment ago on the home (its document is kept a moment, until a change)", async () => {
    const before = firstScreenOf(await documentOf("/")).entries[0]?.value as Answer;
    const seller = await registerUser(t.app, t.dataDir);
    const posted = await postGoods(t.app, seller.token, { title: "刚发布的 折叠椅" });
    const after = firstScreenOf(await documentOf("/")).entries[0]?.value as Answer;
    expect(after.total).toBe(before.total + 1);
    expect(after.list[0]).toMatchObject({ id: posted.id, title: "刚发布的 折叠椅" });
    await call(t.app, "DELETE", `/api/goods/${posted.id}`, { token: seller.token });
    const afterDelete = firstScreenOf(await documentOf("/")).entries[0]?.value as Answer;
    expect(afterDelete.total).toBe(before.total);
  });

  it("renders a search's first page with the words marked", async () => {
    const html = await documentOf(`/search_result?keyword=${encodeURIComponent("自行车")}`);
    expect(html).toContain("<mark");
    const { routeId, entries } = firstScreenOf(html);
    expect(routeId).toBe("search");
    expect(entries[0]).toMatchObject({ endpointName: "searchGoods", arg: { keyword: "自行车" }, value: { total: 1 } });
    expect(entries[0]?.value.list[0]?.id).toBe(plain.id);
  });

  it("writes user text as text: a title cannot end the answers' script or add one", async () => {
    const html = await documentOf(`/goodsinfo/${hostile.id}`);
    expect(html).not.toContain('<script>alert("x")');
    expect(html).not.toContain("<b>整理箱</b>");
    expect(html).not.toContain("<img src=x");
    // The title as it was written reaches the page's text and the app's answer.
    expect(html).toContain("&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&lt;b&gt;整理箱&lt;/b&gt;");
    expect(firstScreenOf(html).entries[0]?.value.title).toBe(HOSTILE_TITLE);
    // The home lists it too, as text.
    const home = await documentOf("/");
    expect(home).not.toContain('<script>alert("x")');
    expect(firstScreenOf(home).entries[0]?.value.list.map((goods) => goods.title)).toContain(HOSTILE_TITLE);
  });

  it("sends a browser that holds a token the app's shell: the app draws the person's own screen at once", async () => {
    const response = await t.app.inject({ method: "GET", url: "/", headers: { cookie: "a=b; xz_signed_in=1" } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<header class="shell_top-nav">');
    expect(response.body).not.toContain('id="first-screen"');
    expect(response.body).not.toContain("山地自行车 禧玛诺变速");
    // A hint that says otherwise is no hint.
    const visitor = await t.app.inject({ method: "GET", url: "/", headers: { cookie: "xz_signed_in=0" } });
    expect(visitor.body).toContain('id="first-screen"');
  });

  it.each([
    "/goodsinfo/999999",
    "/goodsinfo/abc",
    "/?page=abc",
    "/?category=nothing",
    "/?sort=cheapest-first",
    `/search_result?keyword=${"长".repeat(500)}`,
    "/search_result?keyword=%20",
    "/search_result",
    "/chat",
    "/no/such/page",
  ])("answers %s with the app's shell, for the app to tell", async (url) => {
    const html = await documentOf(url);
    expect(html).toContain('<div id="root">');
    expect(html).toContain('<header class="shell_top-nav">');
    expect(html).not.toContain('id="first-screen"');
    expect(html).not.toContain("<!--first-screen-->");
  });
});
