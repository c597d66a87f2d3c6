import { useEffect, useRef, useState } from 'react';
import type { EntryContent, EntryParams } from '../../../core/inbox-api/site.ts';
import { api } from '../api.ts';

export interface PhoneLook {
  /** The preview's address; undefined while it is made, or when the fields fail their checks. */
  address?: string;
  making: boolean;
}

/**
 * The page as its fields read, for the phone-width view: a preview made as the page opens, and
 * again on `show` (after an undo); `shown` takes one made elsewhere (the Preview button's).
 */
export function usePhoneLook(params: EntryParams, opened: EntryContent, basedOn: number) {
  const [look, setLook] = useState<PhoneLook>({ making: true });
  const asked = useRef(0);
  const show = (content: EntryContent, from: number) => {
    const turn = ++asked.current;
    setLook({ making: true });
    api('POST /site/entries/:collection/:id/preview', { params, body: { ...content, basedOn: from } }).then(
      (answer) => turn === asked.current && setLook({ address: answer.address, making: false }),
      () => turn === asked.current && setLook({ making: false }),
    );
  };
  const first = useRef({ show, opened, basedOn });
  useEffect(() => {
    const { show: make, opened: content, basedOn: from } = first.current;
    make(content, from);
  }, []);
  const shown = (address: string) => {
    asked.current++;
    setLook({ address, making: false });
  };
  return { look, show, shown };
}
