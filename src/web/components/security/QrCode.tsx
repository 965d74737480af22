import { encodeQR } from 'qr';
import { useMemo } from 'react';

/**
 * A QR code of `text` as an SVG drawn from the code's modules (one path, no markup from a string):
 * dark modules on white with a quiet zone of four modules, crisp at any size (the e2e test decodes
 * it from a screenshot).
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, path } = useMemo(() => {
    // The quiet zone (four modules) is part of the matrix.
    const modules = encodeQR(text, 'raw', { ecc: 'medium', border: 4 });
    let d = '';
    modules.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { size: modules.length, path: d };
  }, [text]);
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      width={size * 5}
      height={size * 5}
      shapeRendering="crispEdges"
      data-testid="totp-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
