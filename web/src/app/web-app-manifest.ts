import { palette } from "../components/theme";
import { paths } from "./paths";
import { SHARE_TARGET_FILES, SHARE_TARGET_PATH } from "./service-worker/caches";

/** The icons the build draws from web/public/favicon.svg, with the sizes each is drawn at. */
export const APP_ICONS = [
  { src: "/icons/icon-192.png", size: 192, purpose: "any" },
  { src: "/icons/icon-512.png", size: 512, purpose: "any" },
  // Full-bleed, the mark inside the middle 80 % that every platform's mask keeps.
  { src: "/icons/icon-maskable-512.png", size: 512, purpose: "maskable" },
] as const;

/** iOS's home-screen icon: full-bleed, no transparency (iOS rounds it itself). */
export const APPLE_TOUCH_ICON = { src: "/icons/apple-touch-icon.png", size: 180 } as const;

/**
 * The web app manifest: what a phone installs (添加到主屏幕) and how it opens, the app's own name,
 * colours from the palette, standalone with no browser bar, and the shortcuts a long press shows.
 */
export function webAppManifest() {
  const icons = APP_ICONS.map(({ src, size, purpose }) => ({
    src,
    sizes: `${size}x${size}`,
    type: "image/png",
    purpose,
  }));
  const shortcutIcon = [{ src: APP_ICONS[0].src, sizes: "192x192", type: "image/png" }];
  return {
    id: "/",
    name: "闲置",
    short_name: "闲置",
    description: "闲置：买卖二手好物的开放市场",
    lang: "zh-CN",
    dir: "ltr",
    start_url: paths.home,
    scope: "/",
    display: "standalone",
    orientation: "portrait",
    theme_color: palette.brand,
    background_color: palette.bg,
    categories: ["shopping", "lifestyle"],
    icons,
    // The install dialog's pictures of the app: its home on a phone and on a computer, taken from the
    // running app with the demo data (web/public/screenshots/).
    screenshots: [
      {
        src: "/screenshots/home-narrow.webp",
        sizes: "360x780",
        type: "image/webp",
        form_factor: "narrow",
        label: "首页：附近的闲置好物",
      },
      {
        src: "/screenshots/home-wide.webp",
        sizes: "1280x800",
        type: "image/webp",
        form_factor: "wide",
        label: "首页：附近的闲置好物",
      },
    ],
    // 分享 from the phone's gallery to 闲置: the service worker takes the pictures to 发闲置.
    share_target: {
      action: SHARE_TARGET_PATH,
      method: "POST",
      enctype: "multipart/form-data",
      params: { files: [{ name: SHARE_TARGET_FILES, accept: ["image/*"] }] },
    },
    shortcuts: [
      { name: "发闲置", short_name: "发闲置", description: "发布一件闲置", url: paths.post, icons: shortcutIcon },
      { name: "消息", short_name: "消息", description: "打开聊天", url: paths.chat, icons: shortcutIcon },
    ],
  };
}
