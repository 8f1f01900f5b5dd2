/**
 * A product without a picture: a small neutral grey box with a package drawn in outline, the size of an
 * icon, so a listing or a product page never gives a missing picture the room of a real one.
 */
export function NoPicture({ size = 48, className = "" }: { size?: number; className?: string }) {
  const glyph = Math.round(size * 0.55);
  return (
    <span
      role="img"
      aria-label="No picture"
      data-testid="no-picture"
      className={`inline-grid flex-none place-items-center rounded-md border border-slate-200 bg-slate-100 text-slate-500 ${className}`}
      style={{ width: size, height: size }}
    >
      <svg viewBox="0 0 24 24" width={glyph} height={glyph} fill="none" stroke="currentColor" strokeWidth={1.5} strokeLinejoin="round" aria-hidden>
        <path d="M12 3 20.5 7.5v9L12 21l-8.5-4.5v-9L12 3Z" />
        <path d="m3.5 7.5 8.5 4.5 8.5-4.5M12 12v9M7.75 5.25l8.5 4.5" />
      </svg>
    </span>
  );
}
