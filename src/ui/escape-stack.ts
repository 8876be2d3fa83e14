/**
 * The dialogs open now, newest last: Escape closes only the newest (a confirm step opened over
 * the order sheet closes alone), however many listen.
 */
const open: symbol[] = [];

export function onEscape(close: () => void): () => void {
  const me = Symbol('dialog');
  open.push(me);
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open.at(-1) === me) close();
  };
  window.addEventListener('keydown', onKey);
  return () => {
    window.removeEventListener('keydown', onKey);
    open.splice(open.indexOf(me), 1);
  };
}
