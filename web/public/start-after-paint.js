// The start of a page the server rendered (server/src/plugins/first-screen.ts): the screen is on
// the page already, so the app's code, whose first run keeps the browser busy for a while, runs
// only once the screen's largest picture is painted. Until then the page is the server's.
const app = document.querySelector("script[data-app]")?.getAttribute("data-app");
const picture = document.querySelector('img[fetchpriority="high"]');

function start() {
  // The frame after the one that paints the picture.
  requestAnimationFrame(() => setTimeout(() => import(app)));
}

if (app) {
  if (!picture || picture.complete) start();
  else {
    picture.addEventListener("load", start, { once: true });
    picture.addEventListener("error", start, { once: true });
  }
}
