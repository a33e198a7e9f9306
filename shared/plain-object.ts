/** A JSON object: not null and not an array. */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The value when it is a JSON object, else an empty one: for reading fields a server or a file may leave out. */
export const objectOr = (value: unknown): Record<string, unknown> => (isPlainObject(value) ? value : {});
