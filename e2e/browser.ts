import { SIGNED_IN_HINT_COOKIE } from "@xianzhi/contract/constants";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";

/**
 * Debian's Chromium with the flags this machine's closed network needs: headless, or in windows
 * with HEADED=1 (on a desktop, to watch a test), each action then slowed to be seen. */
export async function launchBrowser(): Promise<Browser> {
  const headed = process.env.HEADED === "1";
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    headless: !headed,
    slowMo: headed ? 250 : 0,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
  return withPagesThatWaitForTheApp(browser);
}

/**
 * The browser every context is, unless it says otherwise: one fixed User-Agent, which the tests'
 * accounts register with too (fixtures' newUser), so signing them in from any context is not a
 * sign-in from a new device (新设备登录提醒); a test that wants a new device names another.
 */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";

/** Whether the page's document is the app's, and the app has taken it over (web/src/app/app.tsx). */
async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(
    () => !document.getElementById("root") || document.documentElement.dataset.app === "ready",
    undefined,
    { timeout: 30_000 },
  );
}

type Navigation = (...args: unknown[]) => Promise<unknown>;

/**
 * A page's navigations (goto, reload, back, forward) end once the app has taken the new document
 * over: the server's markup shows before its buttons answer, and on a busy machine a tap in between
 * was lost (CI, stop 36). A navigation asked to end at its first byte (`waitUntil: "commit"`), to
 * look at what shows before, is left as it is; so is a context that runs no JavaScript.
 */
function withPagesThatWaitForTheApp(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    // No service worker unless a test asks for one (the installed app's tests): requests the app's
    // worker answered would pass by the routes a test sets on its pages.
    const context = await newContext({ userAgent: BROWSER_USER_AGENT, serviceWorkers: "block", ...options });
    if (options?.javaScriptEnabled !== false) waitForAppAfterNavigations(context);
    return context;
  };
  return browser;
}

function waitForAppAfterNavigations(context: BrowserContext): void {
  const patched = new WeakSet<Page>();
  const patch = (page: Page) => {
    if (patched.has(page)) return page;
    patched.add(page);
    for (const name of ["goto", "reload", "goBack", "goForward"] as const) {
      const navigate = (page[name] as Navigation).bind(page);
      (page as unknown as Record<string, Navigation>)[name] = async (...args) => {
        const response = await navigate(...args);
        const options = args.find((arg) => typeof arg === "object" && arg !== null) as
          | { waitUntil?: string }
          | undefined;
        if (options?.waitUntil !== "commit") await waitForApp(page);
        return response;
      };
    }
    return page;
  };
  context.on("page", patch);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => patch(await newPage());
}

/**
 * What every page of the tests is opened with: in Chinese, and asking for less motion, as a user
 * can in their system's settings; the app then opens its sheets at once (on a busy machine a tap on
 * a star of a sheet still zooming in was taken as no tap at all).
 */
export const CONTEXT_DEFAULTS = { locale: "zh-CN", reducedMotion: "reduce" } as const;

export const VIEWPORTS = {
  phone: { width: 360, height: 780 },
  desktop: { width: 1280, height: 860 },
} as const;

/** A phone's browser: its screen, touch, and the mobile viewport. */
export const PHONE_CONTEXT = {
  ...CONTEXT_DEFAULTS,
  viewport: VIEWPORTS.phone,
  hasTouch: true,
  isMobile: true,
} as const;

/** Signs a page in as a user the way the app does: the token in localStorage, and the hint cookie. */
export async function signInAs(page: Page, baseUrl: string, username: string, password: string): Promise<string> {
  const response = await page.request.post(`${baseUrl}/api/user/login/username`, { data: { username, password } });
  const body = (await response.json()) as { code: number; data: { token: string } };
  if (body.code !== 200) throw new Error(`sign-in as ${username} failed`);
  // Any page of the origin holds its localStorage: a small file's, not the app's, which would take
  // seconds to load only to be left.
  await page.goto(`${baseUrl}/robots.txt`);
  await page.evaluate((token) => localStorage.setItem("accessToken", token), body.data.token);
  await page.context().addCookies([{ name: SIGNED_IN_HINT_COOKIE, value: "1", url: baseUrl }]);
  return body.data.token;
}

/** Waits until the screen shows its content: no skeleton, no spinner, pictures loaded. */
export async function waitUntilSettled(page: Page): Promise<void> {
  await page.waitForLoadState("load");
  await page.waitForFunction(
    () =>
      !document.querySelector(
        ".ant-skeleton, .plain-skeleton_plain-skeleton, .ant-spin-spinning, .page-spinner_page-spinner",
      ),
    undefined,
    {
      timeout: 30_000,
    },
  );
  // Lazy pictures load once scrolled to; a full-page screenshot shows them all.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(
    () =>
      !document.querySelector(
        ".ant-skeleton, .plain-skeleton_plain-skeleton, .ant-spin-spinning, .page-spinner_page-spinner",
      ) &&
      Array.from(document.images).every((image) => {
        // Cards that arrive once the scroll reached the end (a list's next page) stand far below
        // the top, out of lazy loading's reach: their pictures are asked for here.
        image.loading = "eager";
        return image.complete;
      }),
    undefined,
    { timeout: 15_000 },
  );
  await page.waitForTimeout(300);
}

/** Sends a chat message from the open conversation and waits until the server has stored it (it shows a read mark). */
export async function sendChatMessage(page: Page, text: string): Promise<void> {
  await page.getByLabel("输入消息").fill(text);
  await page.getByLabel("输入消息").press("Enter");
  await page
    .locator(".chat_bubble--mine", { hasText: text })
    .getByText(/已读|未读/)
    .waitFor();
}
