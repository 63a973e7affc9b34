// @vitest-environment happy-dom
import { expect, it } from "vitest";
import "./happy-dom-cost.ts";

// The one-walk querySelectorAll against happy-dom's own (a selector with a combinator still takes it): the same
// elements in document order, and an answer that follows the page as it changes.
it("finds what happy-dom's own query finds, in document order", () => {
  document.body.innerHTML = `
    <main><h1 id="t">Title</h1><div role="button"><button>a</button><span class="x">b</span></div>
      <form><label for="f">F</label><input id="f" type="button" data-testid="f"><a href="/y">y</a></form></main>
    <aside><button class="x">c</button><h2 role="heading">d</h2></aside>`;
  const everything = (root: ParentNode) =>
    [...root.querySelectorAll("html *, body *, main *")].filter((e) => root.contains(e) && e !== root);
  const selectors = [
    '*[role~="button"],button,input[type=button],a[href]',
    "h1,h2,[role=heading]",
    ".x,label[for=f]",
    "span",
  ];
  for (const root of [document, document.body, document.querySelector("main")!])
    for (const selector of selectors) {
      const expected = everything(root).filter((e) => selector.split(",").some((part) => e.matches(part)));
      expect([...root.querySelectorAll(selector)]).toEqual(expected);
    }
  const buttons = () => [...document.querySelectorAll("button,[role=button]")].map((e) => e.textContent);
  expect(buttons()).toEqual(["ab", "a", "c"]);
  document.querySelector("aside")!.append(Object.assign(document.createElement("button"), { textContent: "e" }));
  expect(buttons()).toEqual(["ab", "a", "c", "e"]);
  document.querySelector("div")!.removeAttribute("role");
  expect(buttons()).toEqual(["a", "c", "e"]);
});
