import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Loading } from '../../../components/feedback';

/**
 * The portal's EINV_QR text drawn as a QR code. An SVG needs no canvas, so the same code runs in
 * the browser and in the component tests; `qrcode` is imported only by this page's chunk.
 */
export function QrCodeImage({ value, label }: { value: string; label: string }) {
  const [source, setSource] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    QRCode.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((svg) => {
        if (current) setSource(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (current) setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [value]);
  if (failed) return null;
  if (!source) return <Loading />;
  return <img src={source} alt={label} width={200} height={200} className="einvoice-qr" style={{ background: 'white' }} />;
}
