import type { ServerCapabilities } from "../../../shared/ipc/capabilities.ts";
import type { CodedText } from "../../../shared/ipc/coded-text.ts";
import { codedText } from "../../../shared/text/app-texts.ts";
import { refusalAbout } from "./request-refusal.ts";

const keyOf = (profileId: string, model: string) => `${profileId}\u0000${model}`;

/** Answers by which servers refuse a request's parameters (OpenAI 400, some proxies 422). */
const REFUSING_STATUSES = [400, 422];
/** About tools: "tools is not supported with this model", "does not support tools", "tools param requires --jinja"… */
const ABOUT_TOOLS = /\btools?\b|tool_choice|tool_use|function[ _-]?call|\bfunctions\b/i;
const REFUSED = /support|requires?|not (allowed|permitted|available|enabled)|unknown|unrecogni[sz]ed|extra/i;

/**
 * Which models do not take tools, and saying so once: a model its server's list (or an earlier
 * refusal) says does not take them is asked without tools, the first such reply of each model
 * saying why; a refusal worded as being about tools teaches it.
 */
export class ToolInputPolicy {
  private readonly said = new Set<string>();
  private readonly learnRefusal: (profileId: string, model: string) => void;

  constructor(learnRefusal: (profileId: string, model: string) => void) {
    this.learnRefusal = learnRefusal;
  }

  /** Null when the model may be offered tools; else what to say (null once said before). */
  knownRefusal(capabilities: ServerCapabilities, model: string): { notice: CodedText | null } | null {
    if (capabilities.toolInput?.[model] !== "refuses") return null;
    return { notice: this.sayOnce(capabilities.profileId, model) };
  }

  /** A server's refusal of a request that offered tools, worded as being about them: learnt, and said. */
  refusalOf(caught: unknown, profileId: string, model: string): CodedText | null {
    if (!refusalAbout(caught, REFUSING_STATUSES, ABOUT_TOOLS, REFUSED)) return null;
    this.learnRefusal(profileId, model);
    // Said now whatever was said before: the reply that met the refusal tells why it went without tools.
    this.said.add(keyOf(profileId, model));
    return codedText("TOOLS_NOT_TAKEN", { model });
  }

  private sayOnce(profileId: string, model: string): CodedText | null {
    const key = keyOf(profileId, model);
    if (this.said.has(key)) return null;
    this.said.add(key);
    return codedText("TOOLS_NOT_TAKEN", { model });
  }
}
