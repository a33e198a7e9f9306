import type { Page } from "playwright-core";

/**
 * Scrolls the gallery down from the top, `stepPx` at a time, to the bottom or for at most `maxSteps`:
 * one step a frame as a fast wheel would (`pauseMs` 0), or pausing between steps as someone
 * browsing would, long enough for the cards' previews to be made. Resolves with the steps taken.
 */
export function scrollGallery(page: Page, stepPx: number, pauseMs = 0, maxSteps = Infinity): Promise<number> {
  return page.evaluate(
    async ({ step, pause, most }) => {
      const scroller = document.querySelector(".gallery__scroller");
      if (!scroller) throw new Error("no gallery scroller");
      scroller.scrollTo(0, 0);
      let steps = 0;
      while (steps < most && scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
        scroller.scrollTop += step;
        steps++;
        await new Promise((resolve) =>
          pause > 0 ? setTimeout(resolve, pause) : requestAnimationFrame(() => resolve(null)),
        );
      }
      return steps;
    },
    { step: stepPx, pause: pauseMs, most: maxSteps },
  );
}
