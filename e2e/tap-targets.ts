/** What the tap-target check measures in the page (e2e/accessibility.test.ts, on a phone). */
import type { Page } from "playwright-core";

interface Target {
  what: string;
  width: number;
  height: number;
}

interface Options {
  /** The fingertip's size, CSS px. */
  min: number;
  /** Selectors of the targets excused. */
  exceptions: string[];
  /** Selectors of which at least one shown target must have been measured. */
  expected: string[];
}

/** What the page's measurement found. */
export interface Measured {
  /** The shown targets smaller than a fingertip (what, width x height). */
  small: string[];
  /** The expected selectors no shown target matched: the screen was not in the state measured. */
  missing: string[];
}

/**
 * The visible tappable elements of the page that are smaller than a fingertip, by their own box
 * and by what a tap 22 px from their centre would hit. Runs in the page.
 */
function measure({ min, exceptions, expected }: Options): { small: Target[]; missing: string[] } {
  const TAPPABLE = [
    "a[href]",
    "button",
    "input:not([type=hidden])",
    "select",
    "textarea",
    "summary",
    "label",
    '[role="button"]',
    '[role="link"]',
    '[role="tab"]',
    '[role="checkbox"]',
    '[role="radio"]',
    '[role="switch"]',
    '[role="menuitem"]',
    '[role="option"]',
    '[tabindex]:not([tabindex="-1"])',
  ].join(",");
  const half = min / 2 - 0.5;

  const describeElement = (element: Element) => {
    const name =
      element.getAttribute("aria-label") ||
      element.getAttribute("title") ||
      element.getAttribute("placeholder") ||
      (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 24);
    const classes = typeof element.className === "string" ? element.className.trim().split(/\s+/).slice(0, 3) : [];
    return `${element.tagName.toLowerCase()}${classes.map((name) => `.${name}`).join("")} "${name}"`;
  };

  /**
   * What a finger taps for this element: a hidden native box stands for its label or styled
   * wrapper; a field's input for the bordered box around it (a tap anywhere in it focuses the
   * input); an Ant Design tab's name for the tab around it, which takes the click.
   */
  const tapped = (element: Element): Element | null => {
    if (element instanceof HTMLLabelElement) {
      // A label is a target when it toggles a box; a field's label above the field is not tapped.
      const control = element.control;
      return control instanceof HTMLInputElement && ["checkbox", "radio"].includes(control.type) ? element : null;
    }
    if (element instanceof HTMLInputElement && ["checkbox", "radio"].includes(element.type)) {
      const style = getComputedStyle(element);
      if (style.opacity === "0") return element.closest("label") ?? element.parentElement;
    }
    if (element.matches("input, textarea")) {
      return element.closest(".ant-input-affix-wrapper, .ant-input-number, .ant-select, .ant-picker") ?? element;
    }
    if (element.matches(".ant-tabs-tab-btn")) return element.closest(".ant-tabs-tab") ?? element;
    return element;
  };

  const isShown = (element: Element) => {
    if (element.closest("[inert]")) return false;
    const rect = element.getBoundingClientRect();
    if (rect.width < 2 || rect.height < 2) return false; // screen-reader-only text, empty boxes
    const style = getComputedStyle(element);
    if (style.visibility === "hidden" || Number(style.opacity) === 0) return false;
    // Scrolled sideways out of a carousel, or clipped away (screen-reader-only names). What a
    // list scrolls up and down to (a chat's messages) is on screen once scrolled to, and counts.
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const parentStyle = getComputedStyle(parent);
      if (parentStyle.clip !== "auto" && parentStyle.position === "absolute") return false;
      if (parentStyle.overflowX !== "visible") {
        const box = parent.getBoundingClientRect();
        if (rect.right <= box.left + 1 || rect.left >= box.right - 1) return false;
      }
    }
    return rect.right > 0 && rect.left < document.documentElement.clientWidth;
  };

  /** Whether a tap at this point lands on the element (itself, a child, its label or a ::before of it). */
  const lands = (element: Element, x: number, y: number) => {
    const hit = document.elementFromPoint(x, y);
    if (!hit) return false;
    if (hit === element || element.contains(hit)) return true;
    if (hit instanceof HTMLLabelElement && hit.control && element.contains(hit.control)) return true;
    return false;
  };

  const hitAreaIsEnough = (element: Element) => {
    element.scrollIntoView({ block: "center", inline: "nearest" });
    const rect = element.getBoundingClientRect();
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    return [
      [x - half, y],
      [x + half, y],
      [x, y - half],
      [x, y + half],
    ].every(([px = 0, py = 0]) => lands(element, px, py));
  };

  const seen = new Set<Element>();
  const shown: Element[] = [];
  const small: Target[] = [];
  for (const candidate of document.querySelectorAll(TAPPABLE)) {
    const element = tapped(candidate);
    if (!element || seen.has(element)) continue;
    seen.add(element);
    if (!isShown(element)) continue;
    shown.push(element);
    if (exceptions.some((selector) => element.matches(selector))) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width >= min - 0.01 && rect.height >= min - 0.01) continue;
    if (hitAreaIsEnough(element)) continue;
    small.push({ what: describeElement(element), width: Math.round(rect.width), height: Math.round(rect.height) });
  }
  window.scrollTo(0, 0);
  const missing = expected.filter((selector) => !shown.some((element) => element.matches(selector)));
  return { small, missing };
}

/** Measures every shown tappable element of the page at a fingertip's 44 px. */
export async function measureTapTargets(
  page: Page,
  { exceptions = [], expected = [] }: { exceptions?: { selector: string }[]; expected?: string[] },
): Promise<Measured> {
  const options: Options = { min: 44, exceptions: exceptions.map((exception) => exception.selector), expected };
  // As source text, with the name helper tsx's transform adds to nested functions (keepNames).
  const result = (await page.evaluate(
    `(() => { const __name = (target) => target; return (${measure})(${JSON.stringify(options)}); })()`,
  )) as { small: Target[]; missing: string[] };
  return {
    small: result.small.map((target) => `${target.what}: ${target.width}x${target.height}`),
    missing: result.missing,
  };
}
