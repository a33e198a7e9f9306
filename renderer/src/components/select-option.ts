import type { ChangeEvent } from "react";

/**
 * A <select>'s change handler that hands `choose` the typed option whose value was picked. The
 * select renders exactly these options, so one always matches; a value outside them is ignored.
 */
export function onOption<T extends string | number>(options: readonly T[], choose: (option: T) => void) {
  return (event: ChangeEvent<HTMLSelectElement>) => {
    const option = options.find((candidate) => String(candidate) === event.target.value);
    if (option !== undefined) choose(option);
  };
}
