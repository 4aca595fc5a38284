import { type PointerEvent, useRef, useState } from "react";

/** How far a pointer moves before a press becomes a drag, so that a tap stays a tap. */
const DRAG_THRESHOLD_PX = 6;

interface Drag {
  index: number;
  x: number;
  y: number;
  moving: boolean;
}

const swallowClick = (event: MouseEvent) => {
  event.stopPropagation();
  event.preventDefault();
};

/**
 * Drag to reorder with any pointer (mouse, pen, finger): the dragged item takes the place of the
 * item under the pointer as it passes over it. Items carry `data-drag-index`; the moves and the
 * release are followed on the window, so a drag ends wherever the pointer is let go.
 */
export function useDragReorder(onMove: (from: number, to: number) => void) {
  const drag = useRef<Drag | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const latestOnMove = useRef(onMove);
  latestOnMove.current = onMove;

  const follow = (event: globalThis.PointerEvent) => {
    const current = drag.current;
    if (!current) return;
    if (!current.moving) {
      if (Math.hypot(event.clientX - current.x, event.clientY - current.y) < DRAG_THRESHOLD_PX) return;
      current.moving = true;
      setDragging(current.index);
    }
    const over = document.elementFromPoint(event.clientX, event.clientY)?.closest<HTMLElement>("[data-drag-index]");
    const to = over ? Number(over.dataset.dragIndex) : current.index;
    if (to === current.index) return;
    latestOnMove.current(current.index, to);
    current.index = to;
    setDragging(to);
  };
  const end = () => {
    // A drag that ends over a button is not a press of it.
    if (drag.current?.moving) {
      window.addEventListener("click", swallowClick, { capture: true, once: true });
      setTimeout(() => window.removeEventListener("click", swallowClick, { capture: true }));
    }
    drag.current = null;
    setDragging(null);
    window.removeEventListener("pointermove", follow);
    window.removeEventListener("pointerup", end);
    window.removeEventListener("pointercancel", end);
  };
  const start = (index: number, event: PointerEvent<HTMLElement>) => {
    // A press on an item's buttons may become a drag too: a finger on a picture is often taken
    // for a press of the nearest button. Until it moves, a press stays a press.
    if (event.button !== 0) return;
    drag.current = { index, x: event.clientX, y: event.clientY, moving: false };
    window.addEventListener("pointermove", follow);
    window.addEventListener("pointerup", end);
    window.addEventListener("pointercancel", end);
  };

  return {
    dragging,
    handleProps: (index: number) => ({
      "data-drag-index": index,
      onPointerDown: (event: PointerEvent<HTMLElement>) => start(index, event),
    }),
  };
}
