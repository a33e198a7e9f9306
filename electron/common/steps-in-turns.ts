/**
 * Runs `step` once per turn of the event loop, so calls are served between steps, until it says
 * nothing is left or `stopped()` does. `busy` hears true once a step leaves more to do (work long
 * enough to be worth saying) and false when the steps end.
 */
export async function stepsInTurns(
  step: () => boolean,
  stopped: () => boolean,
  busy: (running: boolean) => void = () => undefined,
): Promise<void> {
  let said = false;
  try {
    while (!stopped() && step()) {
      if (!said) busy(true);
      said = true;
      await new Promise(setImmediate);
    }
  } finally {
    if (said) busy(false);
  }
}
