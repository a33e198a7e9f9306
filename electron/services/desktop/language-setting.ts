import { LanguageSchema } from "../../../shared/text/languages.ts";
import { typedSetting } from "../vault/typed-setting.ts";

/** The window's language, as it last reported it: what main's own notifications and tray speak. */
export const languageSetting = typedSetting("language", LanguageSchema, "en");
