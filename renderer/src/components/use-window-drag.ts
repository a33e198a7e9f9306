import { useEffect, useState } from "react";

const ANYTHING = () => true;

/**
 * Whether something `accepts` takes is being dragged over the window, so a drop zone can light up.
 * Enter and leave fire for every element crossed, so they are counted; a drop or a drag that ends
 * anywhere ends it. `accepts` must keep its identity between renders (a function of the module).
 */
export function useWindowDrag(accepts: (event: DragEvent) => boolean = ANYTHING): boolean {
  const [dragging, setDragging] = useState(false);
  useEffect(() => {
    let depth = 0;
    const enter = (event: DragEvent) => {
      if (accepts(event)) setDragging(++depth > 0);
    };
    const leave = (event: DragEvent) => {
      if (accepts(event)) setDragging(--depth > 0);
    };
    const end = () => {
      depth = 0;
      setDragging(false);
    };
    window.addEventListener("dragenter", enter);
    window.addEventListener("dragleave", leave);
    window.addEventListener("drop", end);
    window.addEventListener("dragend", end);
    return () => {
      window.removeEventListener("dragenter", enter);
      window.removeEventListener("dragleave", leave);
      window.removeEventListener("drop", end);
      window.removeEventListener("dragend", end);
    };
  }, [accepts]);
  return dragging;
}
