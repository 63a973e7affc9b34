/**
 * happy-dom computes an element's style by copying its parent's inherited properties with `structuredClone`, which
 * serialises and rebuilds the object through Node's worker messaging code: every role query and click asks for the
 * style of each element and its ancestors, and the copies took a twentieth of the model tests' CPU (1.2 s of
 * app-edit.model-test's profile, 1.3 s of list's; 0.06 s with this copy). Each property is a flat
 * `{ value, important }` of a string and a boolean (CSSPropertySetParser makes no other), so a spread copies it
 * whole; the styles computed are the same.
 */
import CSSPropertyManager from "happy-dom/lib/css/declaration/property-manager/CSSPropertyManager.js";
import NodeList from "happy-dom/lib/nodes/node/NodeList.js";
import NodeTypeEnum from "happy-dom/lib/nodes/node/NodeTypeEnum.js";
import * as PropertySymbol from "happy-dom/lib/PropertySymbol.js";
import QuerySelector from "happy-dom/lib/query-selector/QuerySelector.js";
import SelectorParser from "happy-dom/lib/query-selector/SelectorParser.js";

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

/**
 * happy-dom's querySelectorAll walks the whole subtree once for each comma-separated part of a selector, marking every
 * element it passes (to drop the cached answer when that element changes) and naming each match by a string of its
 * position, then merges and sorts the parts' matches by those strings. A role query's selector has one part per tag
 * of that role (`*[role~="button"],button,input[type=button],…`): these walks took about a tenth of app-edit's CPU
 * (4.0 of 31.8 s in its profile). When no part has a combinator (each part one compound selector, as in every role,
 * label and test-id query), one walk in document order checks each element against every part: the same elements, in
 * the same order, the same elements marked and the same answer cached (happy-dom-cost.test.ts holds the two to the
 * same answers). A selector with a combinator, or a shadow root's query, takes happy-dom's own way. Four role queries
 * on the application list, 150 times: 784 and 990 ms -> 601 and 652 ms.
 */
type QueryNode = Record<symbol, unknown> & { host?: unknown };
type Item = { match(scope: unknown, element: unknown): unknown };
type Cached = { result: WeakRef<object> | null };
const S = PropertySymbol as unknown as Record<string, symbol>;
const query = QuerySelector as unknown as {
  querySelectorAll(node: QueryNode, selector: unknown): unknown;
  globalMatchFunction: unknown;
};
const allOf = query.querySelectorAll;
if (typeof allOf !== "function" || !S.affectsCache || !S.elementArray || !S.cache || !S.illegalConstructor)
  throw new Error("happy-dom's QuerySelector changed: update model-tests/framework/happy-dom-cost.ts");
const invalidSelector = /^[.#[]?\d|[.#]$/;
query.querySelectorAll = function (node, selector) {
  const type = node[S.nodeType!];
  if (typeof selector !== "string" || selector === "" || invalidSelector.test(selector))
    return allOf.call(this, node, selector);
  if (type !== NodeTypeEnum.elementNode && type !== NodeTypeEnum.documentNode) return allOf.call(this, node, selector);
  const window = node[S.window!];
  const scope = type === NodeTypeEnum.documentNode ? (node as unknown as Document).documentElement : node;
  const groups = new SelectorParser({
    window,
    scope,
    globalMatchFunction: query.globalMatchFunction,
  } as never).getSelectorGroups(selector) as unknown as Item[][];
  if (groups.some((group) => group.length !== 1)) return allOf.call(this, node, selector);
  const cache = (node[S.cache!] as { querySelectorAll: Map<string, Cached> }).querySelectorAll;
  const cached = cache.get(selector)?.result?.deref();
  if (cached) return cached;
  const items: unknown[] = [];
  const nodeList = new NodeList(PropertySymbol.illegalConstructor, items as never);
  const cachedItem: Cached = { result: new WeakRef(nodeList) };
  cache.set(selector, cachedItem);
  if (node[S.isConnected!])
    (((node[S.ownerDocument!] as QueryNode | null) ?? node)[S.affectsCache!] as Cached[]).push(cachedItem);
  const parts = groups.map((group) => group[0]!);
  const affects = S.affectsCache!;
  const children = S.elementArray!;
  const matches = (element: QueryNode) => {
    for (const part of parts) if (part.match(scope, element)) return true;
    return false;
  };
  // Depth first, children in order: document order without sorting.
  const stack: QueryNode[] = [];
  const pushChildren = (element: QueryNode) => {
    const list = element[children] as QueryNode[];
    for (let i = list.length - 1; i >= 0; i--) stack.push(list[i]!);
  };
  if (type === NodeTypeEnum.elementNode) (node[affects] as Cached[]).push(cachedItem);
  pushChildren(node);
  for (let element = stack.pop(); element; element = stack.pop()) {
    (element[affects] as Cached[]).push(cachedItem);
    if (matches(element)) items.push(element);
    pushChildren(element);
  }
  return nodeList;
};
