/** The name a member expression reads (`a.b`, `a["b"]`), or null when it is computed at run time. */
export function propertyName(member) {
  if (!member.computed) return member.property.name;
  return typeof member.property.value === "string" ? member.property.value : null;
}

/** The name an object property or pattern key stands for, or null when it is computed at run time. */
export function keyName(property) {
  if (property.key.type === "Identifier" && !property.computed) return property.key.name;
  return typeof property.key.value === "string" ? property.key.value : null;
}
