/**
 * Where settings live: electron-store in the app, a settings file of the same format in the web
 * host (web-host/settings-file.ts). Both are injected; services never import either.
 */
export interface SettingsStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
}
