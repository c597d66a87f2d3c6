import { useState } from 'react';
import { ui } from '../ui.ts';
import { ApiError, apiHref, uploadPhoto } from '../api.ts';
import { PHOTO_UPLOAD_MAX_BYTES } from '../../../core/photo-sizes.ts';
import { isRecord } from './json-schema.ts';
import { idOf, useGroupField, type FieldProps } from './form-context.ts';
import { formWords } from './form-words.ts';
import { useFocusAfter } from './useFocusAfter.ts';
import { LabelText } from './LabelText.tsx';
import { GroupNotes } from './GroupNotes.tsx';
import { SchemaField } from './SchemaField.tsx';

const words = formWords.photo;
/** What the file picker offers: a phone shows its photos; the server still reads the kind from the bytes. */
const ACCEPT = 'image/jpeg,image/png,image/heic,image/heif,.jpg,.jpeg,.png,.heic,.heif';

type Status = { text: string; problem: boolean } | undefined;

/** A photo: choose a file (sent at once, so a phone's photo is uploaded while the owner writes), see it, describe it, remove it. */
export function PhotoField({ schema, value, path, label, optional }: FieldProps) {
  const { form, id, error, errorId, helpId, describedBy: describes } = useGroupField(schema, path, { errorAlsoAt: [...path, 'id'] });
  const focusAfter = useFocusAfter();
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>();
  const photo = isRecord(value) && typeof value.id === 'string' ? value : undefined;
  const altPath = [...path, 'alt'];
  const altSchema = schema.properties?.['alt'] ?? {};

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > PHOTO_UPLOAD_MAX_BYTES) {
      setStatus({ text: words.tooLarge((file.size / 1024 / 1024).toFixed(1)), problem: true });
      return;
    }
    setBusy(true);
    setStatus({ text: words.uploading, problem: false });
    try {
      const { id: photoId } = await uploadPhoto(file);
      form.set(path, { id: photoId, alt: typeof photo?.alt === 'string' ? photo.alt : '' });
      setStatus({ text: words.uploaded, problem: false });
      focusAfter([idOf(form.idPrefix, altPath)]);
    } catch (failure) {
      setStatus({ text: failure instanceof ApiError ? failure.message : words.failed, problem: true });
    } finally {
      setBusy(false);
    }
  };

  const remove = () => {
    form.remove(path);
    setStatus({ text: words.removed, problem: false });
    focusAfter([id('file')]);
  };

  return (
    <fieldset className="mt-4 min-w-0 rounded-lg border border-slate-300 px-2 pb-3 sm:px-3" aria-describedby={describes}>
      <legend className="px-1 font-bold text-slate-900">
        <LabelText label={label} optional={optional} />
      </legend>
      <GroupNotes help={schema.description} helpId={helpId} error={error} errorId={errorId} />
      {photo ? (
        <img
          src={apiHref('GET /site/photos/:id', { params: { id: String(photo.id) } })}
          alt={typeof photo.alt === 'string' && photo.alt.trim() ? photo.alt : words.chosen}
          width={480}
          height={360}
          className="mt-3 h-auto w-full max-w-xs rounded-md border border-slate-300"
        />
      ) : null}
      <div className="mt-3">
        <label htmlFor={id('file')} className={ui.label}>
          {photo ? words.replace : words.choose}
        </label>
        <p id={id('kinds')} className="text-sm text-slate-700">
          {words.kinds}
        </p>
        <input
          id={id('file')}
          type="file"
          accept={ACCEPT}
          disabled={busy}
          aria-describedby={id('kinds')}
          className="mt-1 block w-full min-h-11 text-base file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-brand-600 file:px-4 file:font-semibold file:text-white"
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </div>
      <p role="status" className={`mt-2 min-h-6 ${status?.problem ? 'font-semibold text-alert-700' : 'text-slate-800'}`}>
        {status?.text}
      </p>
      {photo ? (
        <>
          <SchemaField schema={altSchema} value={photo.alt} path={altPath} label="Describe the photo" optional={false} />
          {optional ? (
            <button type="button" className={`${ui.secondary} mt-4`} onClick={remove}>
              {words.remove}
            </button>
          ) : null}
        </>
      ) : null}
    </fieldset>
  );
}
