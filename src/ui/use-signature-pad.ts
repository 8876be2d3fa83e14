import { useEffect, useRef, useState } from 'react';
import SignaturePad from 'signature_pad';

/**
 * A signature drawn on a canvas (signature_pad, loaded with the screen that draws it): black on
 * white, so the PNG reads the same whatever the app's theme, and sized to the screen's pixel
 * density. `onStroke` is told of every change; `png` hands over the drawing when there is one.
 * Identity verification and the loan agreement each draw theirs with it.
 */
export function useSignaturePad(onStroke: () => void) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const [empty, setEmpty] = useState(true);
  // The latest callback, so the pad's listener is added once.
  const changed = useRef(onStroke);
  useEffect(() => {
    changed.current = onStroke;
  }, [onStroke]);

  useEffect(() => {
    const el = canvas.current;
    if (el === null) return;
    const signature = new SignaturePad(el, {
      backgroundColor: 'rgb(255, 255, 255)',
      penColor: 'rgb(17, 24, 39)',
    });
    pad.current = signature;
    // Drawn at the screen's pixel density, so the lines stay sharp on a phone.
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const strokes = signature.toData();
      el.width = el.offsetWidth * ratio;
      el.height = el.offsetHeight * ratio;
      el.getContext('2d')?.scale(ratio, ratio);
      signature.clear();
      signature.fromData(strokes);
    };
    fit();
    const ended = () => {
      setEmpty(signature.isEmpty());
      changed.current();
    };
    signature.addEventListener('endStroke', ended);
    window.addEventListener('resize', fit);
    return () => {
      signature.removeEventListener('endStroke', ended);
      window.removeEventListener('resize', fit);
      signature.off();
      pad.current = null;
    };
  }, []);

  function clear() {
    pad.current?.clear();
    setEmpty(true);
    changed.current();
  }

  /** The drawing as a PNG, when there is one. */
  function png(use: (png: Blob) => void) {
    const el = canvas.current;
    if (el === null || pad.current?.isEmpty() !== false) return;
    el.toBlob((blob) => {
      if (blob !== null) use(blob);
    }, 'image/png');
  }

  return { canvas, empty, clear, png };
}
