// A native <dialog> shown as a modal while a flag is set: the browser traps
// focus, closes on Escape and gives focus back to what opened it. Where the
// element has no showModal/close (jsdom in unit tests) the open attribute stands in.

/** Opens the dialog as a modal when `open`, closes it when not; answers true when it has just opened. */
export function modalWhen(dialog: HTMLDialogElement, open: boolean): boolean {
  if (open && !dialog.open) {
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
    return true;
  }
  if (!open && dialog.open) {
    if (typeof dialog.close === 'function') dialog.close();
    else dialog.removeAttribute('open');
  }
  return false;
}
