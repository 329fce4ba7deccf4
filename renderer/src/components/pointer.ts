// Whether a click is in progress, for fields that check themselves when left:
// pressing a button moves the focus (the field is left) before the button is
// released, and a mark that appears or clears then moves the button from under
// the pointer, so the click lands elsewhere ("Register guest" did nothing).
// `afterClick` runs a check once the press is over and its click handled.
let pressed = false;

if (typeof window !== 'undefined') {
  window.addEventListener('pointerdown', () => (pressed = true), true);
  for (const end of ['pointerup', 'pointercancel'] as const)
    window.addEventListener(end, () => (pressed = false), true);
}

/** Runs `fn` now, or — while a pointer is pressed — after the press ends and its click has run. */
export function afterClick(fn: () => void): void {
  if (!pressed) return fn();
  const run = () => {
    window.removeEventListener('pointerup', run, true);
    window.removeEventListener('pointercancel', run, true);
    setTimeout(fn);
  };
  window.addEventListener('pointerup', run, true);
  window.addEventListener('pointercancel', run, true);
}
