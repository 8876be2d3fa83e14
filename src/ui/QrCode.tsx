import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code of `text` (an SVG drawn here, shown as an image: no markup injected). */
export function QrCode({
  text,
  label,
  className,
  testId,
}: {
  text: string;
  label: string;
  className: string;
  testId: string;
}) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrSvg(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [text]);
  if (src === null) return null;
  return (
    <img
      className={className}
      src={src}
      alt={label}
      width={176}
      height={176}
      data-testid={testId}
      data-text={text}
    />
  );
}
