/** A wire format's tool names: letters, digits, `_` and `-`, at most 64 characters. */
const NAME_MAX = 64;
const unsafe = /[^A-Za-z0-9_-]+/g;

const slug = (text: string, max: number) =>
  text
    .replace(unsafe, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, max) || "tool";

/**
 * The names the model is given for tools of several servers: `server__tool` as the wire formats
 * take them, numbered where two come out the same (`…_2`), in the order given.
 */
export function wireNames(tools: readonly { readonly server: string; readonly tool: string }[]): string[] {
  const taken = new Set<string>();
  return tools.map(({ server, tool }) => {
    const base = `${slug(server, 20)}__${slug(tool, NAME_MAX - 24)}`;
    let name = base;
    for (let count = 2; taken.has(name); count++) name = `${base}_${count}`;
    taken.add(name);
    return name;
  });
}
