import "./styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { applyPalette } from "./app/theme";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
applyPalette();
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
