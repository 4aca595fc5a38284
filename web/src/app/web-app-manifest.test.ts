import { describe, expect, it } from "vitest";
import { palette } from "../components/theme";
import { APP_ICONS, webAppManifest } from "./web-app-manifest";

describe("the web app manifest", () => {
  const manifest = webAppManifest();

  it("installs as 闲置, standalone, opening the home screen, in the palette's colours", () => {
    expect(manifest).toMatchObject({
      name: "闲置",
      short_name: "闲置",
      start_url: "/",
      scope: "/",
      display: "standalone",
      theme_color: palette.brand,
      background_color: palette.bg,
    });
  });

  it("has an icon of 192 and of 512 px, and a maskable one", () => {
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    expect(manifest.icons.map((icon) => icon.src)).toEqual(APP_ICONS.map((icon) => icon.src));
  });

  it("offers 发闲置 and 消息 on a long press of the icon", () => {
    expect(manifest.shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
      ["发闲置", "/post"],
      ["消息", "/chat"],
    ]);
  });

  it("takes photos shared from the gallery, as a multipart POST the service worker answers", () => {
    expect(manifest.share_target).toEqual({
      action: "/share-target",
      method: "POST",
      enctype: "multipart/form-data",
      params: { files: [{ name: "photos", accept: ["image/*"] }] },
    });
  });

  it("shows the install dialog a phone's and a computer's picture of the app", () => {
    expect(manifest.screenshots.map((shot) => [shot.form_factor, shot.sizes])).toEqual([
      ["narrow", "360x780"],
      ["wide", "1280x800"],
    ]);
  });
});
