import * as QRCode from "qrcode";
import { useMemo } from "react";

const quietZone = 2;

/** The path of a QR code's dark modules, one unit per module, inside a quiet zone. */
export function qrPath(text: string): { size: number; d: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  let d = "";
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) d += `M${col + quietZone} ${row + quietZone}h1v1h-1z`;
    }
  }
  return { size: modules.size + quietZone * 2, d };
}

/** A QR code drawn in the page (no image service): dark on white in either theme, so wallets can scan it. */
export function DemoQr({ value, label, size = 176 }: { value: string; label: string; size?: number }) {
  const qr = useMemo(() => qrPath(value), [value]);
  return (
    <svg className="demo-qr" width={size} height={size} viewBox={`0 0 ${qr.size} ${qr.size}`} role="img" aria-label={label} shapeRendering="crispEdges" data-testid="demo-qr">
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.d} fill="#000" />
    </svg>
  );
}
