/**
 * Where settings live: electron-store in the app, `conf` (the library electron-store wraps, same
 * file format) in the web host. Both are injected; services never import either.
 */
export interface SettingsStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}
