// The layout check's rules, run inside the page over EVERY element it shows
// (header, navigation, the screen, any open dialog): nothing here names a
// screen or a component, so what other branches add is held to the same rules.
// A fault is one line a person can act on: the rule, the element, the numbers.
//
//   overflow   an element whose content is wider than its box: it spills out,
//              is cut without an ellipsis, or scrolls sideways although it is
//              not a scroller meant to scroll (marked `data-scroll-x`); an
//              ellipsis is allowed only with the whole text on hover (a `title`
//              on it or around it, there already or given when the pointer
//              comes over it);
//   header     two column headers (`th`, role=columnheader) of one row whose
//              texts overlap, or a header's text running into its neighbour;
//   names      two different listing names that read the same on screen
//              (shortened alike: "Apartamento Cala Blan…" twice);
//   button     a button's (or tab's) label on two lines, or cut (a bar in a
//              scroller meant to scroll, sized by its dates, excepted);
//   page       the page itself scrolls sideways;
//   glued      a dash or a middle dot that joins two pieces of a sentence
//              touching a word ("received 4 min ago— Not free": a space lost
//              where two parts of a template meet); Catalan's l·l is a letter;
//   line       a box marked `data-one-line` (a title with its actions) whose
//              parts sit on more than one line ("Cancel booking" pushed under
//              a long booking title).
//
// `layoutFaults` is passed to page.evaluate whole: it must not use anything
// from outside its own body.

export interface LayoutFault {
  rule: 'overflow' | 'header' | 'names' | 'button' | 'page' | 'glued' | 'line';
  where: string;
  detail: string;
}

export function layoutFaults(listingNames: string[]): LayoutFault[] {
  const faults: LayoutFault[] = [];
  const SLACK = 1; // sub-pixel rounding
  const names = new Set(listingNames);

  const describe = (el: Element): string => {
    const id = el.id ? `#${el.id}` : '';
    const cls =
      typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 50);
    const scope = el.closest('[data-testid]')?.getAttribute('data-testid');
    return `${el.tagName.toLowerCase()}${id}${cls}${scope ? ` in [${scope}]` : ''} "${text}"`;
  };
  const hiddenMemo = new Map<Element, boolean>();
  const hiddenForSight = (el: Element | null): boolean => {
    // sr-only text and its kind: clipped to a pixel on purpose (remembered per element: one walk up in all).
    if (!el) return false;
    const known = hiddenMemo.get(el);
    if (known !== undefined) return known;
    const cs = getComputedStyle(el);
    const hidden =
      cs.visibility === 'hidden' ||
      cs.display === 'none' ||
      (cs.position === 'absolute' && (cs.clip !== 'auto' || cs.clipPath !== 'none')) ||
      hiddenForSight(el.parentElement);
    hiddenMemo.set(el, hidden);
    return hidden;
  };
  const shown = (el: Element): boolean => {
    const r = el.getBoundingClientRect();
    return r.width > 1 && r.height > 1 && !hiddenForSight(el);
  };
  /** Rects of the element's own text (sr-only descendants left out), one per line box fragment. */
  const textRects = (el: Element, exceptNames = false): DOMRect[] => {
    const out: DOMRect[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.textContent?.trim() || !n.parentElement || hiddenForSight(n.parentElement)) continue;
      if (exceptNames && n.parentElement.closest('[data-listing-name]')) continue;
      const range = document.createRange();
      range.selectNodeContents(n);
      for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) out.push(r);
    }
    return out;
  };
  const union = (rects: DOMRect[]) =>
    rects.length
      ? {
          left: Math.min(...rects.map((r) => r.left)),
          right: Math.max(...rects.map((r) => r.right)),
          top: Math.min(...rects.map((r) => r.top)),
          bottom: Math.max(...rects.map((r) => r.bottom)),
        }
      : null;
  const lines = (rects: DOMRect[]): number => {
    const mids: number[] = [];
    for (const r of rects) {
      const mid = (r.top + r.bottom) / 2;
      if (!mids.some((m) => Math.abs(m - mid) < r.height / 2)) mids.push(mid);
    }
    return mids.length;
  };
  const titled = (el: Element, text: string): boolean => {
    // Spaces of any kind (a no-break space by a separator) read alike on hover.
    const flat = (s: string) => s.replace(/\s+/g, ' ');
    for (let e: Element | null = el; e; e = e.parentElement) {
      const t = e.getAttribute('title') ?? e.getAttribute('aria-label');
      if (t && flat(t).includes(flat(text).slice(0, 20))) return true;
      if (e.tagName === 'MAIN' || e.tagName === 'DIALOG') break;
    }
    return false;
  };

  const all = [...document.body.querySelectorAll('*')].filter(
    (el) => !(el instanceof SVGElement) && !['SCRIPT', 'STYLE', 'OPTION', 'BR'].includes(el.tagName) && shown(el),
  );

  // overflow
  const spilled: Element[] = [];
  for (const el of all) {
    if (el.clientWidth === 0) continue; // inline boxes have no box of their own to overflow
    const over = el.scrollWidth - el.clientWidth;
    if (over <= SLACK) continue;
    const cs = getComputedStyle(el);
    const ox = cs.overflowX;
    // Form controls scroll their own text (a long value in an input): that is theirs to do.
    if (['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName)) continue;
    if (ox === 'auto' || ox === 'scroll') {
      if (el.closest('[data-scroll-x]')) continue;
      faults.push({
        rule: 'overflow',
        where: describe(el),
        detail: `scrolls sideways: content ${el.scrollWidth} px in ${el.clientWidth} px`,
      });
    } else if (ox === 'hidden' || ox === 'clip') {
      const text = (el.textContent ?? '').trim();
      if (cs.textOverflow === 'ellipsis') {
        // What a person gets on hover: a title there already, or one the app gives on pointerover.
        if (!titled(el, text)) el.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
        if (!titled(el, text))
          faults.push({
            rule: 'overflow',
            where: describe(el),
            detail: `shortened (…) with no full text on hover: ${el.scrollWidth} px in ${el.clientWidth} px`,
          });
      } else if (!el.closest('[data-scroll-x]'))
        // (a scroller's own header, moved along with it, is cut on purpose)
        faults.push({
          rule: 'overflow',
          where: describe(el),
          detail: `cut off: content ${el.scrollWidth} px in ${el.clientWidth} px`,
        });
    } else if (!el.closest('[data-scroll-x]')) spilled.push(el); // rows as wide as the scroller's content
  }
  // A spill shows on every box around it: name the innermost.
  for (const el of spilled) {
    if (spilled.some((o) => o !== el && el.contains(o))) continue;
    faults.push({
      rule: 'overflow',
      where: describe(el),
      detail: `content spills out: ${el.scrollWidth} px in ${el.clientWidth} px`,
    });
  }

  // header
  const headerRows = new Map<Element, Element[]>();
  for (const cell of all) {
    if (cell.tagName !== 'TH' && cell.getAttribute('role') !== 'columnheader') continue;
    const row = cell.parentElement;
    if (!row) continue;
    headerRows.set(row, [...(headerRows.get(row) ?? []), cell]);
  }
  for (const cells of headerRows.values()) {
    const boxes = cells.map((c) => ({ c, box: c.getBoundingClientRect(), text: union(textRects(c)) }));
    for (const a of boxes) {
      if (!a.text) continue;
      for (const b of boxes) {
        if (a === b) continue;
        const into = (x: { left: number; right: number; top: number; bottom: number }) =>
          Math.min(a.text!.right, x.right) - Math.max(a.text!.left, x.left) > SLACK &&
          Math.min(a.text!.bottom, x.bottom) - Math.max(a.text!.top, x.top) > SLACK;
        if ((b.text && into(b.text)) || into(b.box))
          faults.push({
            rule: 'header',
            where: describe(a.c),
            detail: `its text runs into the header "${(b.c.textContent ?? '').trim()}"`,
          });
      }
    }
  }

  // names: what each listing name shows, characters past a clipping box left out
  const seen = new Map<string, string>();
  for (const el of all) {
    const full = el.getAttribute('data-listing-name') ?? (el.textContent ?? '').trim();
    if (!names.has(full) || (!el.hasAttribute('data-listing-name') && el.children.length > 0)) continue;
    /** The boxes that clip what is inside `from` (itself and every box around it that hides overflow). */
    const clipsOf = (from: Element): DOMRect[] => {
      const out: DOMRect[] = [];
      for (let e: Element | null = from; e && e !== document.body; e = e.parentElement)
        if (getComputedStyle(e).overflowX !== 'visible') out.push(e.getBoundingClientRect());
      return out;
    };
    // A row scrolled out of its list (or rendered ahead by a virtual list) is not on screen to compare.
    const box = el.getBoundingClientRect();
    if (!clipsOf(el).every((c) => box.top < c.bottom && box.bottom > c.top && box.left < c.right && box.right > c.left))
      continue;
    let visible = '';
    let cut = false;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      if (!n.parentElement || hiddenForSight(n.parentElement)) continue;
      const clips = clipsOf(n.parentElement); // a part of the name may be cut by a box of its own
      const s = n.textContent ?? '';
      for (let i = 0; i < s.length; i++) {
        const range = document.createRange();
        range.setStart(n, i);
        range.setEnd(n, i + 1);
        const r = range.getBoundingClientRect();
        const inside = clips.every(
          (c) => r.right <= c.right + SLACK && r.left >= c.left - SLACK && r.bottom <= c.bottom + SLACK,
        );
        if (inside) visible += s[i];
        else cut = true;
      }
    }
    const reads = `${visible.replace(/\s+/g, ' ').trim()}${cut ? '…' : ''}`;
    const other = seen.get(reads);
    if (other !== undefined && other !== full)
      faults.push({
        rule: 'names',
        where: describe(el),
        detail: `"${full}" and "${other}" both read "${reads}"`,
      });
    else seen.set(reads, full);
  }

  // button
  for (const el of all) {
    if (!el.matches('button, [role="button"], [role="tab"], .btn, .tab')) continue;
    // Inside a scroller meant to scroll (the calendar's days) a bar is as long as its dates, not its words.
    if (el.closest('[data-scroll-x]')) continue;
    const rects = textRects(el);
    if (!rects.length) continue;
    const label = (el.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (lines(rects) > 1) faults.push({ rule: 'button', where: describe(el), detail: `"${label}" wraps` });
    // A listing's name shortened in the middle inside a button is the names rule's to judge.
    const box = el.getBoundingClientRect();
    const text = union(textRects(el, true)) ?? box;
    if (el.scrollWidth - el.clientWidth > SLACK || text.right > box.right + SLACK || text.left < box.left - SLACK)
      faults.push({ rule: 'button', where: describe(el), detail: `"${label}" is cut` });
  }

  // glued: in the text as it reads (blocks on lines of their own), a dash or a dot touching a word
  // (an en dash between numbers is a range, "20–27 Nov": left alone)
  const GLUED = /(?<=[\p{L}\p{N}])—|—(?=[\p{L}\p{N}])|(?<=[\p{L}\p{N}])·(?!l)|(?<!l)·(?=[\p{L}\p{N}])/iu;
  // Read by the box its lines are laid out in (a separator in a span of its own is part of its line),
  // each once; spacing made by margins instead of spaces reads glued to screen readers and copies too.
  const lineBoxes = new Set<HTMLElement>();
  for (const el of all) {
    if (![...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim())) continue;
    let box: HTMLElement | null = el as HTMLElement;
    while (box && ['inline', 'contents'].includes(getComputedStyle(box).display)) box = box.parentElement;
    if (box) lineBoxes.add(box);
  }
  for (const el of lineBoxes) {
    const text = el.innerText ?? '';
    const m = GLUED.exec(text);
    if (m)
      faults.push({
        rule: 'glued',
        where: describe(el),
        detail: `"${text.slice(Math.max(0, m.index - 20), m.index + 20).replace(/\s+/g, ' ')}" lacks a space by "${m[0]}"`,
      });
  }

  // line: what is marked as one line is on one line (every part beside the first, vertically)
  for (const box of all) {
    if (!box.hasAttribute('data-one-line')) continue;
    // A part with `display: contents` has no box: its own parts are the line's.
    const partsOf = (e: Element): Element[] =>
      [...e.children].flatMap((c) => (getComputedStyle(c).display === 'contents' ? partsOf(c) : [c]));
    const parts = partsOf(box)
      .filter(shown)
      .map((c) => c.getBoundingClientRect());
    const first = parts[0];
    const below = parts.find((r) => first && (r.top >= first.bottom - SLACK || r.bottom <= first.top + SLACK));
    if (first && below)
      faults.push({
        rule: 'line',
        where: describe(box),
        detail: `its parts are on more than one line (${Math.round(first.top)}–${Math.round(first.bottom)} px and ${Math.round(below.top)}–${Math.round(below.bottom)} px)`,
      });
  }

  // page
  const doc = document.documentElement;
  if (doc.scrollWidth > doc.clientWidth)
    faults.push({
      rule: 'page',
      where: 'the page',
      detail: `scrolls sideways: ${doc.scrollWidth} px in ${doc.clientWidth} px`,
    });

  return faults;
}
