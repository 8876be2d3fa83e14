import { toString as qrSvg } from 'qrcode';
import { useEffect, useState } from 'react';

/** The invite link as a QR code (an SVG drawn here, shown as an image: no markup injected). */
export function InviteQr({ link, label }: { link: string; label: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void qrSvg(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }).then((svg) => {
      if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    });
    return () => {
      live = false;
    };
  }, [link]);
  if (src === null) return null;
  return (
    <img
      className="invite-qr"
      src={src}
      alt={label}
      width={176}
      height={176}
      data-testid="invite-qr"
      data-link={link}
    />
  );
}
