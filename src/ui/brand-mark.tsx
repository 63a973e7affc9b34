/** The product mark: a stylised USDT coin in the theme colour. Decorative; the name beside it is the label. */
export function BrandMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <circle cx="16" cy="16" r="15" fill="#165DFF" />
      <path d="M9 9h14v3.5h-5.2V24h-3.6V12.5H9z" fill="#fff" />
      <ellipse cx="16" cy="15.5" rx="8" ry="2.2" fill="none" stroke="#fff" strokeWidth="1.4" />
    </svg>
  );
}
