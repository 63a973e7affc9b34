/**
 * happy-dom computes an element's style by copying its parent's inherited properties with `structuredClone`, which
 * serialises and rebuilds the object through Node's worker messaging code: every role query and click asks for the
 * style of each element and its ancestors, and the copies took a twentieth of the model tests' CPU (1.2 s of
 * app-edit.model-test's profile, 1.3 s of list's; 0.06 s with this copy). Each property is a flat
 * `{ value, important }` of a string and a boolean (CSSPropertySetParser makes no other), so a spread copies it
 * whole; the styles computed are the same.
 */
import CSSPropertyManager from "happy-dom/lib/css/declaration/property-manager/CSSPropertyManager.js";

type Properties = Record<string, { value: string; important: boolean }>;
type Manager = {
  properties: Properties;
  definedPropertyNames: Record<string, boolean>;
  constructor: new () => Manager;
};

const manager = CSSPropertyManager.prototype as unknown as { clone(this: Manager): Manager };
if (typeof manager.clone !== "function" || !("properties" in new CSSPropertyManager()))
  throw new Error("happy-dom's CSSPropertyManager changed: update model-tests/framework/happy-dom-cost.ts");

manager.clone = function () {
  const clone = new this.constructor();
  const properties: Properties = {};
  for (const name of Object.keys(this.properties)) properties[name] = { ...this.properties[name]! };
  clone.properties = properties;
  clone.definedPropertyNames = { ...this.definedPropertyNames };
  return clone;
};
