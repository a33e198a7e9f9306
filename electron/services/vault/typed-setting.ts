import type { z } from "zod";
import type { SettingsStore } from "./settings-store.ts";

interface TypedSetting<T> {
  /** The saved value; the fallback when none was saved or the saved one fails the schema. */
  read(settings: SettingsStore): T;
  write(settings: SettingsStore, value: T): void;
}

/** One settings key with the schema its value must meet (the settings file may be edited by hand). */
export function typedSetting<T>(key: string, schema: z.ZodType<T>, fallback: T): TypedSetting<T> {
  return {
    read(settings) {
      const parsed = schema.safeParse(settings.get(key));
      return parsed.success ? parsed.data : fallback;
    },
    write(settings, value) {
      settings.set(key, value);
    },
  };
}
