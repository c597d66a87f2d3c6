import { useState } from 'react';
import type { SessionUser } from '../../../core/inbox-api/contract.ts';
import type { VersionList } from '../../../core/inbox-api/site.ts';
import { api } from '../api.ts';
import { linkHandler, placeHref } from '../place.ts';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { Alert, errorMessage } from '../Alert.tsx';
import { VersionByline } from './VersionByline.tsx';
import { WhatChanged } from './WhatChanged.tsx';
import { BusyButton } from './BusyButton.tsx';
import { changeSummary } from './field-name.ts';
import { useSiteChange, useSiteVersions } from './useSite.ts';

const w = words.site.versions;

/** Every published version, newest first, each with what it changed and "Restore this version" for owners. */
export function SiteVersions({ user, go }: { user: SessionUser; go: (href: string) => void }) {
  const versions = useSiteVersions();
  const [restored, setRestored] = useState<number>();
  const restore = useSiteChange(
    (number: number) => api('POST /site/versions/:number/restore', { params: { number } }),
    (answer) => setRestored(answer.version),
  );
  const back = placeHref({ kind: 'site' });
  const ask = (number: number) => {
    if (window.confirm(w.confirm(number))) restore.mutate(number);
  };
  return (
    <>
      <p>
        <a href={back} onClick={linkHandler(go, back)} className={ui.link}>
          {words.site.back}
        </a>
      </p>
      <h1 className={`${ui.h1} mt-2`}>{w.heading}</h1>
      <p className="mt-1 max-w-prose text-slate-700">{w.intro}</p>
      <p role="status" className="mt-2 font-semibold text-green-800">
        {restore.isPending ? words.site.publishing : restored !== undefined ? w.restored(restored) : ''}
      </p>
      <Alert message={errorMessage(restore.error, words.tryAgain)} />
      {versions.isPending ? (
        <p className="text-slate-700">{words.site.loading}</p>
      ) : versions.isError ? (
        <Alert message={errorMessage(versions.error, words.tryAgain)} />
      ) : (
        <ol className="mt-4 space-y-3">
          {versions.data.versions.map((v) => (
            <VersionItem
              key={v.number}
              version={v}
              live={v.number === liveNumber(versions.data.versions)}
              canRestore={user.role === 'owner' && v.status === 'live' && v.number !== liveNumber(versions.data.versions)}
              busy={restore.isPending}
              onRestore={ask}
            />
          ))}
          <li className={ui.card}>
            <h2 className={ui.h2}>{w.release}</h2>
            {user.role === 'owner' && versions.data.versions.length > 0 && (
              <BusyButton className={`${ui.secondary} mt-2`} busy={restore.isPending} label={w.restoreName(0)} onPress={() => ask(0)}>
                {w.restore}
              </BusyButton>
            )}
          </li>
        </ol>
      )}
    </>
  );
}

/** The version the site shows: the newest one built (a failed one never was; a newer one may still be building). */
function liveNumber(versions: VersionList['versions']): number | undefined {
  return versions.find((v) => v.status === 'live')?.number;
}

interface VersionItemProps {
  version: VersionList['versions'][number];
  live: boolean;
  canRestore: boolean;
  busy: boolean;
  onRestore: (number: number) => void;
}

function VersionItem({ version, live, canRestore, busy, onRestore }: VersionItemProps) {
  return (
    <li className={ui.card}>
      <h2 className={ui.h2}>
        {w.number(version.number)}
        {/* A space of its own, so a screen reader says "Version 4 Live", not "Version 4Live". */}
        {live && ' '}
        {live && <span className="ml-1 rounded bg-green-100 px-2 py-0.5 text-sm font-semibold text-green-900">{w.live}</span>}
        {version.status !== 'live' && ' '}
        {version.status === 'building' && <span className="ml-1 rounded bg-slate-100 px-2 py-0.5 text-sm font-semibold text-slate-900">{w.building}</span>}
        {version.status === 'failed' && <span className="ml-1 rounded bg-red-100 px-2 py-0.5 text-sm font-semibold text-red-900">{w.failed}</span>}
      </h2>
      {version.failure !== null && (
        <>
          <p className="mt-1">{w.failedWhy}</p>
          <pre className="mt-1 text-sm whitespace-pre-wrap">{version.failure}</pre>
        </>
      )}
      <VersionByline version={version} />
      {version.changed.length > 0 && (
        <p className="mt-1">
          {w.changed} {version.changed.map(changeSummary).join('; ')}
        </p>
      )}
      <WhatChanged number={version.number}>
        {canRestore && (
          <BusyButton className={ui.secondary} busy={busy} label={w.restoreName(version.number)} onPress={() => onRestore(version.number)}>
            {w.restore}
          </BusyButton>
        )}
      </WhatChanged>
    </li>
  );
}
