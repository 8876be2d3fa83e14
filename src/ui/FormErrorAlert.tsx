import type { useFormError } from '../lib/use-form-error.ts';

/** The form's error when no field on screen shows it. */
export function FormErrorAlert({
  form,
  fields,
}: {
  form: ReturnType<typeof useFormError>;
  fields: readonly string[];
}) {
  const { error } = form;
  if (error === null || (error.field !== undefined && fields.includes(error.field))) return null;
  return (
    <div className="alert alert-error" role="alert">
      {error.message}
    </div>
  );
}
