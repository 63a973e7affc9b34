import type * as z from "zod/mini";

/**
 * Reads the shape of the request schemas, for tests that walk every endpoint and every field without
 * listing them. It throws on a schema construct it does not know, so a new kind of field is never
 * skipped in silence: teach it here instead.
 */
type Schema = z.core.$ZodType;

/** "choice": an enum or literal, which refuses anything but its values. */
export type FieldKind = "string" | "choice" | "number" | "boolean" | "array" | "object";

export interface RequestField {
  name: string;
  kind: FieldKind;
  /** The kind of an array's elements. */
  element?: FieldKind;
}

/** The schema without its optional/nullable/default wrappers. */
function unwrap(schema: Schema): Schema {
  const def = schema._zod.def;
  if (def.type === "optional" || def.type === "nullable" || def.type === "default") {
    return unwrap((def as z.core.$ZodOptionalDef).innerType);
  }
  return schema;
}

export function kindOf(schema: Schema, where = "(root)"): FieldKind {
  const type = unwrap(schema)._zod.def.type;
  switch (type) {
    case "string":
    case "number":
    case "boolean":
    case "array":
    case "object":
      return type;
    case "enum":
    case "literal":
      return "choice";
    default:
      throw new Error(`request-fields: unknown schema type ${type} at ${where}`);
  }
}

/** The top-level fields of an object schema (a body or a query). */
export function fieldsOf(schema: Schema | null): RequestField[] {
  if (!schema) return [];
  const def = unwrap(schema)._zod.def;
  if (def.type !== "object") throw new Error(`request-fields: expected an object schema, got ${def.type}`);
  return Object.entries((def as z.core.$ZodObjectDef).shape).map(([name, field]) => {
    const kind = kindOf(field, name);
    if (kind !== "array") return { name, kind };
    const element = (unwrap(field)._zod.def as z.core.$ZodArrayDef).element;
    return { name, kind, element: kindOf(element, `${name}[]`) };
  });
}

/** Every string node of a schema, with its path ("ids[]" for an array's elements). */
export function stringLeaves(schema: Schema, path = ""): Array<{ path: string; schema: Schema }> {
  const inner = unwrap(schema);
  const def = inner._zod.def;
  switch (kindOf(inner, path || "(root)")) {
    case "string":
      return [{ path, schema: inner }];
    case "array":
      return stringLeaves((def as z.core.$ZodArrayDef).element, `${path}[]`);
    case "object":
      return Object.entries((def as z.core.$ZodObjectDef).shape).flatMap(([name, field]) =>
        stringLeaves(field, path ? `${path}.${name}` : name),
      );
    default:
      return [];
  }
}
