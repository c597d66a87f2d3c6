import { useState, type FormEvent } from 'react';
import { api } from './api.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';
import { Saved } from './Saved.tsx';
import { useLeadChange } from './useLeadChange.ts';

/** "Add a note": it joins the timeline and the search. */
export function NoteForm({ leadId }: { leadId: string }) {
  const [text, setText] = useState('');
  const { mutation, saved } = useLeadChange(leadId, (note: string) => api('POST /leads/:id/notes', { params: { id: leadId }, body: { text: note } }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate(text, { onSuccess: () => setText('') });
  };
  return (
    <form className={ui.card} onSubmit={onSubmit}>
      <label className={ui.h2} htmlFor="new-note">
        {words.lead.note}
      </label>
      <textarea id="new-note" className={ui.field} rows={3} maxLength={4000} required value={text} onChange={(e) => setText(e.target.value)} />
      <div className="mt-3 flex items-center">
        <button type="submit" className={ui.button} disabled={mutation.isPending}>
          {words.lead.saveNote}
        </button>
        <Saved shown={saved} />
      </div>
      <Alert message={errorMessage(mutation.error, words.tryAgain)} />
    </form>
  );
}
