import { seedFrom, seededRandom } from "../media/seeded-random.ts";

export interface ConversationTurn {
  /** `tool`: the results of calls, sent back to the model. */
  readonly role: "system" | "user" | "assistant" | "tool";
  readonly content: string;
}

const OPENINGS = [
  "Here is a structured take on it.",
  "Let me break this down step by step.",
  "Good question; there are a few parts to it.",
  "This comes up often, so here is a practical answer.",
] as const;

const POINTS = [
  "Start from the smallest version that works, then measure before optimising.",
  "Keep inputs validated at the boundary so errors carry a clear message.",
  "Prefer plain data over clever abstractions; it is easier to test.",
  "Write down the assumptions, because they are what changes first.",
  "Automate the repetitive part and review the rest by hand.",
  "Name things for what they hold, not for how they are used.",
  "Handle the failure path first; the happy path rarely surprises anyone.",
  "Make the slow step visible with progress, so nobody waits in the dark.",
];

const LANGUAGES = [
  {
    tag: "ts",
    body: (name: string) =>
      `export function ${name}(items: string[]): Map<string, number> {\n  const counts = new Map<string, number>();\n  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);\n  return counts;\n}`,
  },
  {
    tag: "python",
    body: (name: string) =>
      `def ${name}(items: list[str]) -> dict[str, int]:\n    counts: dict[str, int] = {}\n    for item in items:\n        counts[item] = counts.get(item, 0) + 1\n    return counts`,
  },
  { tag: "bash", body: (name: string) => `${name}() {\n  sort "$1" | uniq -c | sort -rn | head -n 10\n}` },
] as const;

const ASPECTS = ["Effort", "Risk", "Cost", "Speed", "Clarity", "Reliability"];
const RATINGS = ["low", "medium", "high"] as const;

function textOf(turns: readonly ConversationTurn[], role: ConversationTurn["role"]): string {
  return (
    turns
      .filter((turn) => turn.role === role)
      .at(-1)
      ?.content.trim() ?? ""
  );
}

function topicOf(question: string): string {
  const firstLine = question.split("\n")[0] ?? "";
  const words = firstLine.split(/\s+/).filter(Boolean).slice(0, 12).join(" ");
  return words.length > 0 ? words.replace(/[?.!]+$/, "") : "your request";
}

function identifierFrom(topic: string): string {
  const words =
    topic
      .toLowerCase()
      .match(/[a-z]+/g)
      ?.slice(0, 3) ?? [];
  const camel = words
    .map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join("");
  return camel.length > 0 ? `count${camel.charAt(0).toUpperCase()}${camel.slice(1)}` : "countItems";
}

/**
 * The simulated model's answer: deterministic for the same conversation and model, and rich
 * enough to exercise a client (paragraphs, a list, a fenced code block, a table).
 */
export function writeReply(model: string, turns: readonly ConversationTurn[]): string {
  const random = seededRandom(seedFrom(model, JSON.stringify(turns)));
  const pick = <Items extends readonly [unknown, ...unknown[]]>(items: Items): Items[number] =>
    items[Math.floor(random() * items.length)] ?? items[0];
  const question = textOf(turns, "user");
  const topic = topicOf(question);
  const turnNumber = turns.filter((turn) => turn.role === "user").length;
  const system = textOf(turns, "system");

  const points = [...POINTS].sort(() => random() - 0.5).slice(0, 4);
  const language = pick(LANGUAGES);
  const aspects = [...ASPECTS].sort(() => random() - 0.5).slice(0, 3);

  const sections = [
    `**${topic}**: ${pick(OPENINGS)} This is reply ${turnNumber} of the conversation, written by \`${model}\`${system ? ", following the system prompt" : ""}.`,
    `The short version: focus on what matters most to you, and keep the rest simple. The points below apply to most cases like this one.`,
    points.map((point, index) => `${index + 1}. ${point}`).join("\n"),
    `A small example in ${language.tag === "ts" ? "TypeScript" : language.tag === "python" ? "Python" : "Bash"}:`,
    "```" + language.tag + "\n" + language.body(identifierFrom(topic)) + "\n```",
    `| Aspect | Rating | Note |\n| --- | --- | --- |\n${aspects.map((aspect) => `| ${aspect} | ${pick(RATINGS)} | ${pick(["worth checking early", "depends on scale", "usually fine", "measure it"])} |`).join("\n")}`,
    `- Tip: ask a follow-up to go deeper on any point.\n- Everything above was generated offline by the local gateway.`,
    `That covers the essentials. Let me know which part you want to explore next.`,
  ];
  return sections.join("\n\n");
}
