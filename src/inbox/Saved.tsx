import { words } from './app-words.ts';

/** "Saved", announced politely once a change is stored. */
export function Saved({ shown }: { shown: boolean }) {
  return (
    <span role="status" className="ml-3 font-semibold text-green-800">
      {shown ? words.saved : ''}
    </span>
  );
}
