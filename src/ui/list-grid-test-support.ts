/**
 * A list's data grid (list-grid.tsx, Blueprint's Table) draws only the cells inside its body's box, which a simulated
 * browser (happy-dom, jsdom) lays out at 0 × 0: a cell or two of the first row. This sizes that box alone — every other
 * element keeps the size the simulated browser gives it — so the grid draws every row and column a test reads.
 * Returns what puts the browser back as it was.
 */
export function sizeGridBodies(width = 8_000, height = 8_000): () => void {
  const proto = window.HTMLElement.prototype;
  const sized = { clientWidth: width, clientHeight: height };
  const restores = (Object.keys(sized) as Array<keyof typeof sized>).map((name) => {
    const own = Object.getOwnPropertyDescriptor(proto, name);
    let found = own;
    for (let up = Object.getPrototypeOf(proto); !found?.get && up; up = Object.getPrototypeOf(up))
      found = Object.getOwnPropertyDescriptor(up, name);
    const measured = found?.get;
    Object.defineProperty(proto, name, {
      configurable: true,
      get(this: HTMLElement) {
        if (this.classList.contains("bp6-table-quadrant-scroll-container")) return sized[name];
        return measured ? measured.call(this) : 0;
      },
    });
    return () => {
      if (own) Object.defineProperty(proto, name, own);
      else delete (proto as unknown as Record<string, unknown>)[name];
    };
  });
  return () => {
    for (const restore of restores) restore();
  };
}
