/** The method in its colour, the way API clients make a list of requests scannable. */
export function MethodBadge({ method, size = 'small', id }: { method: string; size?: 'small' | 'large'; id?: string }) {
  const upper = method.toUpperCase();
  const label = upper === 'DELETE' ? 'DEL' : upper === 'OPTIONS' ? 'OPT' : upper;
  return (
    <span className={`method-badge method-${upper.toLowerCase()} method-badge-${size}`} title={upper} id={id}>
      {size === 'small' ? label : upper}
    </span>
  );
}
