import { useState, type FormEvent } from 'react';
import type { InboxView } from '../../core/lead/status.ts';
import { placeHref } from './place.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';

/** "Search leads" in the current view; the search lands in the address, so it can be shared and reloaded. */
export function SearchForm({ view, q, go }: { view: InboxView; q: string; go: (href: string) => void }) {
  const [search, setSearch] = useState(q);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    go(placeHref({ kind: 'list', view, q: search.trim() }));
  };
  return (
    <form role="search" className="mt-4 flex gap-2" onSubmit={onSearch}>
      <label htmlFor="lead-search" className="sr-only">
        {words.list.search}
      </label>
      <input
        id="lead-search"
        type="search"
        className={`${ui.field} mt-0`}
        placeholder={words.list.search}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      <button type="submit" className={ui.button}>
        {words.list.searchButton}
      </button>
    </form>
  );
}
