/** The reason a form could not be saved, announced to screen readers; nothing while there is none. */
export function FormError({ message }: { message: string | null }) {
  if (message === null) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}
