import * as QRCode from "qrcode";
import { useMemo } from "react";

const quietZone = 2;

function qrModules(text: string): { size: number; d: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  let d = "";
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) d += `M${col + quietZone} ${row + quietZone}h1v1h-1z`;
    }
  }
  return { size: modules.size + quietZone * 2, d };
}

/** A QR code drawn in the page (no image service): dark on white in either theme, so wallet apps can scan it. */
export function QrCode({
  value,
  label,
  size = 176,
  className,
  testId,
}: {
  value: string;
  label: string;
  size?: number;
  className?: string;
  testId?: string;
}) {
  const qr = useMemo(() => qrModules(value), [value]);
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-value={value}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={qr.d} fill="#000" />
    </svg>
  );
}
