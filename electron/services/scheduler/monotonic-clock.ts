/**
 * Milliseconds that only move forward, whatever the wall clock does (a user's change, NTP, a
 * laptop waking): every wait and timeout is measured on it, so a clock jump neither fails work
 * nor stops it. Wall-clock time is for showing and storing moments, never for measuring spans.
 */
export const monotonicNow = (): number => performance.now();

/** The wall-clock time (epoch ms) of a moment on the monotonic clock, to show the user. */
export const wallTimeOf = (monotonic: number): number => Date.now() + (monotonic - monotonicNow());
