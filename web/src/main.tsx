import "./styles.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
const container = root;

let started = false;
function start() {
  if (started) return;
  started = true;
  // A transition renders in slices, yielding to the browser between them, rather than in one long task.
  startTransition(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
// The top bar in index.html paints first, then the app renders: on a slow phone its first render
// takes a while, and the page is not blank meanwhile. A hidden tab runs no animation frames, hence
// the timer.
requestAnimationFrame(() => setTimeout(start));
setTimeout(start, 100);
