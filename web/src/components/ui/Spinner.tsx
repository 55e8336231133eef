export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

/** A grey placeholder block with the final content's size, so loading never shifts layout. */
export function Skeleton({
  width,
  height,
  radius = 8,
}: {
  width?: number | string;
  height: number | string;
  radius?: number;
}) {
  return (
    <span
      className="skeleton"
      aria-hidden="true"
      style={{ width: width ?? '100%', height, borderRadius: radius }}
    />
  );
}
