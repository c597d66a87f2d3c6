import type { SessionUser } from '../../../core/inbox-api/contract.ts';
import type { Place } from '../place.ts';
import { SiteList } from './SiteList.tsx';
import { SiteEntryEditor } from './SiteEntryEditor.tsx';
import { SiteVersions } from './SiteVersions.tsx';

export interface SiteSectionProps {
  place: Extract<Place, { kind: 'site' | 'site-entry' | 'site-versions' }>;
  user: SessionUser;
  go: (href: string) => void;
}

/** The site editor's places, in one module the inbox loads only when someone opens it. */
export function SiteSection({ place, user, go }: SiteSectionProps) {
  if (place.kind === 'site-entry') return <SiteEntryEditor entryKey={place.key} user={user} go={go} />;
  if (place.kind === 'site-versions') return <SiteVersions user={user} go={go} />;
  return <SiteList go={go} />;
}
