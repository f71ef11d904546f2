import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../components/feedback';

/** A QR code's dark modules as one SVG path, a unit square each, the quiet zone (4 modules) around them. */
function modulesPath(modules: { size: number; get(row: number, col: number): number | boolean }): string {
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) if (modules.get(row, col)) parts.push(`M${col + 4} ${row + 4}h1v1h-1z`);
  }
  return parts.join('');
}

/**
 * The QR code a kiosk scans (issue 36 #2), drawn from `text` as an SVG. The encoder (the `qrcode` package, about
 * 10 KB gzipped) is loaded only when a code is shown, so My schedule stays small for every other visit.
 */
export function CheckInQr({ text }: { text: string }) {
  const { t } = useTranslation();
  const [drawn, setDrawn] = useState<{ text: string; size: number; path: string } | 'failed'>();
  useEffect(() => {
    let current = true;
    import('qrcode').then(({ create }) => {
      const { modules } = create(text, { errorCorrectionLevel: 'M' });
      if (current) setDrawn({ text, size: modules.size + 8, path: modulesPath(modules) });
    }, () => current && setDrawn('failed'));
    return () => { current = false; };
  }, [text]);
  if (drawn === 'failed') return <p className="note note-warning">{t('schedule.qrFailed')}</p>;
  if (drawn?.text !== text) return <Loading />;
  return (
    <figure className="check-in-qr">
      <svg role="img" aria-label={t('schedule.qrLabel')} viewBox={`0 0 ${drawn.size} ${drawn.size}`} shapeRendering="crispEdges">
        <rect width={drawn.size} height={drawn.size} fill="#fff" />
        <path d={drawn.path} fill="#000" />
      </svg>
      <figcaption>{t('schedule.qrHint')}</figcaption>
    </figure>
  );
}
