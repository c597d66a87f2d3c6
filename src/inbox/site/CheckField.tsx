import { useForm, type FieldProps } from './form-context.ts';
import { FieldShell } from './FieldShell.tsx';

/** A yes/no box. An optional one set back to its default drops its key, so an untouched entry stays as it was. */
export function CheckField({ schema, value, path, label, optional }: FieldProps) {
  const form = useForm();
  const fallback = schema.default === true;
  const onCheck = (next: boolean) => {
    if (optional && next === fallback) form.remove(path);
    else form.set(path, next);
  };
  return (
    <FieldShell path={path} label={label} optional={false} description={schema.description} inline>
      {(control) => (
        <input
          {...control}
          type="checkbox"
          className="h-6 w-6 shrink-0 accent-brand-600"
          checked={typeof value === 'boolean' ? value : fallback}
          onChange={(e) => onCheck(e.target.checked)}
        />
      )}
    </FieldShell>
  );
}
