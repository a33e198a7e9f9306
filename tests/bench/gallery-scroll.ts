import type { Page } from "playwright-core";

/**
 * Scrolls the gallery down from the top, `stepPx` at a time, to the bottom or for at most `maxSteps`:
 * one step a frame as a fast wheel would (`pauseMs` 0), or pausing between steps as someone
 * browsing would, long enough for the cards' previews to be made. The gallery is read a page at a
 * time as it nears the end of what it holds: at the bottom, while its scroller says more remain
 * (`data-more`), the scroll waits a frame at a time for them. Resolves with the steps taken.
 */
export function scrollGallery(page: Page, stepPx: number, pauseMs = 0, maxSteps = Infinity): Promise<number> {
  return page.evaluate(
    async ({ step, pause, most }) => {
      const scroller = document.querySelector(".gallery__scroller");
      if (!scroller) throw new Error("no gallery scroller");
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(null)));
      scroller.scrollTo(0, 0);
      let steps = 0;
      while (steps < most) {
        if (scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1) {
          if (!scroller.hasAttribute("data-more")) break;
          await frame();
          continue;
        }
        scroller.scrollTop += step;
        steps++;
        await (pause > 0 ? new Promise((resolve) => setTimeout(resolve, pause)) : frame());
      }
      return steps;
    },
    { step: stepPx, pause: pauseMs, most: maxSteps },
  );
}
