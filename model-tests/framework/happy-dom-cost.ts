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

/**
 * Testing Library's waitFor (and every findBy) observes the whole document before its first check: happy-dom then
 * registers the observer on every node of the page, and takes it off every node again when the check passes at once,
 * as most do. Here the observer starts a microtask later, unless the wait is already over by then, and checks once
 * as it starts, for what changed in between; nothing else on the page uses MutationObserver.
 */
const view = document.defaultView as (Window & { MutationObserver: typeof MutationObserver }) | null;
const Observer = view?.MutationObserver as (typeof MutationObserver & { startsLate?: true }) | undefined;
if (view && Observer && !Observer.startsLate) {
  view.MutationObserver = class extends Observer {
    static startsLate = true as const;
    readonly #callback: MutationCallback;
    #targets: Array<[Node, MutationObserverInit | undefined]> | null = null;
    constructor(callback: MutationCallback) {
      super(callback);
      this.#callback = callback;
    }
    override observe(target: Node, options?: MutationObserverInit) {
      if (!this.#targets) {
        this.#targets = [];
        queueMicrotask(() => this.#start());
      }
      this.#targets.push([target, options]);
    }
    override disconnect() {
      this.#targets = null;
      super.disconnect();
    }
    #start() {
      const targets = this.#targets;
      this.#targets = null;
      if (!targets) return;
      for (const [target, options] of targets) super.observe(target, options);
      this.#callback([], this);
    }
  };
}
