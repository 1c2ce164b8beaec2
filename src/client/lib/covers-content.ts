/**
 * Whether a floating element's box lies over any of the page's content: a line of text (headings and
 * labels included), a field, a button, a link or a picture. The help launcher and the landing page's
 * sign-up widget check it on scroll and resize and step aside while it holds (docs/decisions/036);
 * e2e/page-layout.spec.ts measures the same boxes from outside.
 *
 * Cheap enough for a scroll handler: subtrees whose box misses `box` are skipped whole, and text is
 * measured only inside the rest.
 */
/** Content measured by its whole box (a heading's box, as wide as its column, included). */
const CONTROLS = 'input, select, textarea, button, a, img, video, iframe, svg, h1, h2, h3, h4, h5, h6';
/** What floats (the help launcher, the sign-up widget, the toasts): never content. */
const FLOATING = '[data-floating], [data-sonner-toaster]';

function intersects(r: DOMRect, box: DOMRect, margin: number): boolean {
  return (
    r.width > 1 &&
    r.height > 1 &&
    r.left < box.right + margin &&
    box.left < r.right + margin &&
    r.top < box.bottom + margin &&
    box.top < r.bottom + margin
  );
}

/** What floats is marked `data-floating` (Sonner's toaster is known by its own attribute). */
export function coversContent(box: DOMRect, margin = 4): boolean {
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode(node) {
      if (node instanceof Text) return node.data.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
      const element = node as Element;
      if (element.matches(FLOATING)) return NodeFilter.FILTER_REJECT;
      const style = getComputedStyle(element);
      if (style.display === 'contents') return NodeFilter.FILTER_SKIP;
      if (style.visibility === 'hidden' || style.display === 'none') return NodeFilter.FILTER_REJECT;
      const rect = element.getBoundingClientRect();
      // A box that misses ours holds nothing over it (a child that overflows it by more than the margin
      // is rare and ignored); an empty box (an inline wrapper) is looked into.
      if (rect.width > 0 && rect.height > 0 && !intersects(rect, box, margin)) return NodeFilter.FILTER_REJECT;
      if (element.matches(CONTROLS)) return NodeFilter.FILTER_ACCEPT;
      return NodeFilter.FILTER_SKIP;
    },
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node instanceof Text) {
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) if (intersects(rect, box, margin)) return true;
    } else if (intersects((node as Element).getBoundingClientRect(), box, margin)) return true;
  }
  return false;
}
