import { objectOr } from "../../../shared/plain-object.ts";

/** The value a required property without a default gets, by the first type its schema names. */
const VALUE_OF_TYPE: Record<string, unknown> = {
  string: "",
  number: 0,
  integer: 0,
  boolean: false,
  array: [],
  object: {},
  null: null,
};

function valueFor(property: Record<string, unknown>): unknown {
  if ("default" in property) return property.default;
  if ("const" in property) return property.const;
  if (Array.isArray(property.enum) && property.enum.length > 0) return property.enum[0];
  const type = [property.type].flat().find((name) => typeof name === "string" && name !== "null") ?? property.type;
  return typeof type === "string" ? structuredClone(VALUE_OF_TYPE[type] ?? null) : null;
}

/**
 * Arguments built from a tool's JSON Schema when the message gives none: each top-level property
 * with a `default` (or `const`) gets it; a required one without either gets its first `enum`
 * value, or an empty value of its type.
 */
export function argumentsFromSchema(schema: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const properties = objectOr(schema.properties);
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const entries = Object.entries(properties).flatMap(([name, value]) => {
    const property = objectOr(value);
    const has = "default" in property || "const" in property || required.has(name);
    return has ? [[name, valueFor(property)] as const] : [];
  });
  return Object.fromEntries(entries);
}
