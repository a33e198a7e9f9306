const listeners = new WeakMap<AbortSignal, (until: number) => void>();

/**
 * How a caller learns that its request is held by the key's scheduler, and until when: the
 * request's AbortSignal names it, since the gateway client only passes a fetch init along.
 */
export function onWait(signal: AbortSignal, listener: (until: number) => void): void {
  listeners.set(signal, listener);
}

export function tellWait(signal: AbortSignal | undefined, until: number): void {
  if (signal) listeners.get(signal)?.(until);
}
