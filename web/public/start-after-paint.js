// The start of a page the server rendered (server/src/plugins/first-screen.ts): the screen is on
// the page already, so the app's code, whose first run keeps the browser busy for a while, is
// fetched and run only once the screen's largest picture is painted. Until then the page is the
// server's, and its pictures have the network to themselves.
const script = document.querySelector("script[data-app]");
const app = script?.getAttribute("data-app");
// The modules the app imports (React, the router, Redux, the app's shared code), in the build's order.
const modules = (script?.getAttribute("data-modules") ?? "").split(" ").filter(Boolean);
const picture = document.querySelector('img[fetchpriority="high"]');

const nextTask = () => new Promise((resolve) => setTimeout(resolve));

async function runApp() {
  // All fetched at once, as the build's own page would have them preloaded.
  for (const href of [...modules, app]) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
  // One module's code at a time, each in a task of its own rather than all in one long task: the
  // browser can answer a tap or a scroll between them.
  for (const href of modules) {
    await import(href);
    await nextTask();
  }
  await import(app);
}

function start() {
  // The frame after the one that paints the picture.
  requestAnimationFrame(() => setTimeout(runApp));
}

if (app) {
  if (!picture || picture.complete) start();
  else {
    picture.addEventListener("load", start, { once: true });
    picture.addEventListener("error", start, { once: true });
  }
}
