// The whole text of anything shortened with an ellipsis, on hover: when the
// pointer enters an element whose text CSS cut ("Maria Montse…"), and nothing
// around it already carries a title, the element gets its own text as its
// title (refreshed on every hover, removed once it fits again). One listener
// for the whole window, so every list, card and panel — today's and those
// added later — shows what it shortened without each screen wiring it.
// Screen readers need nothing: the cut is only visual, the text is whole.

const MARK = 'data-full-text';
/** How far up from the element under the pointer a shortened box is looked for (a cell's inner spans). */
const DEPTH = 4;

function cutByEllipsis(el: Element): boolean {
  if (!(el instanceof HTMLElement) || el.clientWidth === 0) return false;
  return getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1;
}

/** Gives `el` (or the shortened box just around it) its text as title, if it is cut and has none. */
export function titleIfCut(target: Element): void {
  let el: Element | null = target;
  for (let i = 0; el && i < DEPTH; i++, el = el.parentElement) {
    const own = el.hasAttribute(MARK);
    if (cutByEllipsis(el)) {
      if (own || !el.closest('[title]')) {
        el.setAttribute('title', (el.textContent ?? '').replace(/\s+/g, ' ').trim());
        el.setAttribute(MARK, '');
      }
      return;
    }
    if (own) {
      el.removeAttribute('title');
      el.removeAttribute(MARK);
    }
  }
}

/** Starts the listener; answers how to stop it. */
export function fullTextOnHover(doc: Document): () => void {
  const over = (e: Event) => {
    if (e.target instanceof Element) titleIfCut(e.target);
  };
  doc.addEventListener('pointerover', over, { passive: true });
  return () => doc.removeEventListener('pointerover', over);
}
