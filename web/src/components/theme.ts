import type { ThemeConfig } from "antd";

/**
 * The palette, defined once: Ant Design's theme is built from it and the stylesheets read it as
 * CSS custom properties (--brand, --brand-dark, --text, --muted, --bg, --card, --danger), written
 * into index.html's head at build time (vite.config.ts). Colours chosen for contrast: white on the
 * brand orange and the muted text on white both pass WCAG AA.
 */
export const palette = {
  brand: "#c2410c",
  brandDark: "#9a3412",
  text: "#1f1f1f",
  muted: "#595959",
  bg: "#f5f5f5",
  card: "#fff",
  /** Ant Design's red (#ff4d4f) is too light for text on white: danger buttons and errors use this. */
  danger: "#cf1322",
} as const;

export const antdTheme: ThemeConfig = {
  token: {
    colorPrimary: palette.brand,
    // Ant Design would lighten the brand for hover (#cf602d, 3.9:1 on white), and a phone keeps the
    // hover on what was tapped last: the chosen 成色 read too light. Hover darkens instead.
    colorPrimaryHover: palette.brandDark,
    colorPrimaryTextHover: palette.brandDark,
    colorLink: palette.brandDark,
    colorLinkHover: palette.brand,
    colorText: palette.text,
    colorTextSecondary: palette.muted,
    colorTextTertiary: "rgba(0, 0, 0, 0.62)",
    colorTextPlaceholder: "rgba(0, 0, 0, 0.58)",
    colorBgLayout: palette.bg,
    colorBgContainer: palette.card,
    colorError: palette.danger,
    borderRadius: 8,
    zIndexPopupBase: 1000,
  },
  components: {
    // Four tabs of four characters fit a 360 px phone without the overflow menu.
    Tabs: { horizontalItemGutter: 16 },
  },
};

/**
 * The theme for a user who asked their system for less motion: Ant Design's sheets, dialogs and
 * menus then appear at once instead of zooming and sliding in (a tap meant for a star in a sheet
 * still growing lands where the user aimed).
 */
export const antdThemeWithoutMotion: ThemeConfig = { ...antdTheme, token: { ...antdTheme.token, motion: false } };

/** The CSS custom property of each palette colour: brandDark -> --brand-dark. */
export function paletteProperties(): [string, string][] {
  return Object.entries(palette).map(([name, colour]) => [
    `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
    colour,
  ]);
}

/** Toasts: messages 3 s at 8 px from the top, three at most; notices 4.5 s (product spec, section 9). */
export const toastSettings = {
  message: { duration: 3, top: 8, maxCount: 3 },
  notification: { duration: 4.5 },
} as const;
