import { useRef, useState } from 'react';
import type { SessionUser } from '../../../core/inbox-api/contract.ts';
import type { EntryContent, EntryParams, PreviewAnswer, SiteEntryAnswer } from '../../../core/inbox-api/site.ts';
import { siteCollectionNames } from '../../../core/site-collections.ts';
import { api, ApiError } from '../api.ts';
import { linkHandler, placeHref } from '../place.ts';
import { words } from '../app-words.ts';
import { ui } from '../ui.ts';
import { Alert, errorMessage } from '../Alert.tsx';
import { ago } from '../time.ts';
import type { JsonSchema } from './json-schema.ts';
import { fieldName } from './field-name.ts';
import { idOf } from './form-context.ts';
import { SchemaForm } from './SchemaForm.tsx';
import { BodyField } from './BodyField.tsx';
import { ChangedFields } from './ChangedFields.tsx';
import { ReleaseChoice } from './ReleaseChoice.tsx';
import { PreviewLinks } from './PreviewLinks.tsx';
import { BusyButton } from './BusyButton.tsx';
import { PagePhoneView } from './PagePhoneView.tsx';
import { PageHistory } from './PageHistory.tsx';
import { usePhoneLook } from './usePhoneLook.ts';
import { useFocusAfter } from './useFocusAfter.ts';
import { useKeepClearOf } from './useKeepClearOf.ts';
import { useSiteChange, useSiteEntry } from './useSite.ts';

const w = words.site;

/** The collection and file name an entry's key names, when it names one the API could have. */
function paramsOf(key: string): EntryParams | undefined {
  const [collection, id] = key.split('/');
  return collection && id && (siteCollectionNames as string[]).includes(collection) ? ({ collection, id } as EntryParams) : undefined;
}

interface SiteEntryEditorProps {
  entryKey: string;
  user: SessionUser;
  go: (href: string) => void;
}

/** One page's editor: loads the entry, then its form (a fresh one after each publish, from the published content). */
export function SiteEntryEditor({ entryKey, user, go }: SiteEntryEditorProps) {
  const params = paramsOf(entryKey);
  const entry = useSiteEntry(params ?? { collection: 'pages', id: 'index' });
  const back = placeHref({ kind: 'site' });
  return (
    <>
      <p>
        <a href={back} onClick={linkHandler(go, back)} className={ui.link}>
          {w.back}
        </a>
      </p>
      {!params ? (
        <Alert message={words.tryAgain} />
      ) : entry.isPending ? (
        <p className="text-slate-700">{w.loading}</p>
      ) : entry.isError ? (
        <Alert message={errorMessage(entry.error, words.tryAgain)} />
      ) : (
        <EntryForm key={entryKey} params={params} entry={entry.data} user={user} refresh={async () => (await entry.refetch()).data} />
      )}
    </>
  );
}

interface EntryFormProps {
  params: EntryParams;
  entry: SiteEntryAnswer;
  user: SessionUser;
  /** Reads the entry again (after someone else published it, or after marking it verified). */
  refresh: () => Promise<SiteEntryAnswer | undefined>;
}

type Outcome =
  | { kind: 'published' | 'verified' | 'settled'; version: number }
  | { kind: 'undone'; undone: number; version: number }
  | { kind: 'draft' | 'unchanged' | 'nothingToSave' }
  | undefined;

/** What the line beside the buttons says once a press has ended. */
function outcomeWords(outcome: NonNullable<Outcome>): string {
  switch (outcome.kind) {
    case 'published':
      return w.published(outcome.version);
    case 'verified':
      return w.verified(outcome.version);
    case 'settled':
      return w.release.kept(outcome.version);
    case 'undone':
      return w.page.undone(outcome.undone, outcome.version);
    case 'draft':
      return w.draftSaved;
    case 'unchanged':
      return w.unchanged;
    case 'nothingToSave':
      return w.nothingToSave;
  }
}

/**
 * The entry's fields and text, kept here while the owner works: a publish made elsewhere meanwhile
 * does not replace them. The version the edit is based on moves on only when this form publishes,
 * or when the owner, told someone else published the page first, chooses theirs or theirs over.
 */
function EntryForm({ params, entry, user, refresh }: EntryFormProps) {
  const [content, setContent] = useState<EntryContent>(entry.draft?.content ?? entry.published);
  const [basedOn, setBasedOn] = useState(entry.draft?.basedOn ?? entry.version);
  const [fields, setFields] = useState<Readonly<Record<string, string>>>(() => ({}));
  const [outcome, setOutcome] = useState<Outcome>();
  const [changed, setChanged] = useState(false);
  const [theirs, setTheirs] = useState<SiteEntryAnswer>();
  const isOwner = user.role === 'owner';
  const idPrefix = `entry-${params.collection}-${params.id}`;
  const phone = usePhoneLook(params, content, basedOn);
  // What a press of Publish or Preview made, where the owner is taken to read it: on a phone it is
  // far from the buttons, which stay at the bottom of the screen.
  const showAfter = useFocusAfter();
  const form = useRef<HTMLFormElement>(null);
  const bar = useRef<HTMLDivElement>(null);
  useKeepClearOf(form, bar);
  const [preview, setPreview] = useState<PreviewAnswer>();

  const refusal = async (error: unknown) => {
    setOutcome(undefined);
    const refused = error instanceof ApiError ? error.fields : {};
    setFields(refused);
    if (Object.keys(refused).length > 0) showAfter([`${idPrefix}-problems`]);
    if (error instanceof ApiError && error.status === 409) {
      setTheirs(await refresh());
      showAfter([`${idPrefix}-conflict`]);
    }
  };
  const save = useSiteChange(
    () => api('PUT /site/entries/:collection/:id/draft', { params, body: { ...content, basedOn } }),
    (answer) => {
      setFields(Object.fromEntries(answer.problems.map((p) => [p.path, p.message])));
      setOutcome({ kind: answer.unchanged ? 'nothingToSave' : 'draft' });
      setChanged(false);
    },
  );
  const publish = useSiteChange(
    () => api('POST /site/entries/:collection/:id/publish', { params, body: { ...content, basedOn } }),
    (answer) => {
      setFields({});
      setBasedOn(answer.version);
      setOutcome(answer.unchanged ? { kind: 'unchanged' } : { kind: 'published', version: answer.version });
      setChanged(false);
      // A preview made before is of a change now live, or gone: its panel would say otherwise.
      setPreview(undefined);
      phone.show(content, answer.version);
    },
  );
  const verify = useSiteChange(
    () => api('POST /site/entries/:collection/:id/verify', { params }),
    async (answer) => {
      setOutcome({ kind: 'verified', version: answer.version });
      const fresh = await refresh();
      // The date lives in the business details: this page's fields stay as they are, edits not yet published included.
      if (fresh) {
        if (!changed) setBasedOn(fresh.version);
        if (!changed) phone.show(fresh.published, fresh.version);
      }
    },
  );
  const makePreview = useSiteChange(
    () => api('POST /site/entries/:collection/:id/preview', { params, body: { ...content, basedOn } }),
    (answer) => {
      setFields({});
      setPreview(answer);
      phone.shown(answer.address);
      showAfter([`${idPrefix}-preview`]);
    },
  );
  const discard = useSiteChange(
    () => api('DELETE /site/entries/:collection/:id/draft', { params }),
    () => {
      setContent(entry.published);
      setBasedOn(entry.version);
      setChanged(false);
    },
  );
  const busy = save.isPending || publish.isPending || verify.isPending || discard.isPending || makePreview.isPending;
  // The message of the last press only: a refusal stays no longer than the next press that worked.
  const failed = [save, publish, verify, discard, makePreview].reduce((last, next) => (next.submittedAt > last.submittedAt ? next : last)).error;

  const change = (next: EntryContent) => {
    setContent(next);
    setChanged(true);
    setOutcome(undefined);
    setPreview(undefined);
  };
  const problems = Object.entries(fields);
  return (
    <>
      <h1 className={`${ui.h1} mt-2`}>{entry.title}</h1>
      {entry.route && (
        <p className="mt-1">
          <a href={entry.route} className={ui.link}>
            {w.viewPage}
          </a>{' '}
          <span className="font-mono text-sm text-slate-700">{entry.route}</span>
        </p>
      )}
      {entry.draft && <p className="mt-2 rounded-md bg-amber-50 p-3 text-amber-900">{w.draftBy(entry.draft.by.email, ago(entry.draft.by.at))}</p>}
      {entry.releaseChanged && isOwner && (
        <ReleaseChoice
          params={params}
          entry={entry}
          refresh={refresh}
          onSettled={(fresh, version) => {
            setContent(fresh.published);
            setBasedOn(fresh.version);
            setChanged(false);
            setOutcome({ kind: 'settled', version });
          }}
        />
      )}
      {entry.verifiable && isOwner && (
        <section aria-labelledby={`${idPrefix}-verify`} className={`${ui.card} mt-4`}>
          <h2 id={`${idPrefix}-verify`} className={ui.h2}>
            {w.verify}
          </h2>
          <p className="mt-1 text-slate-700">{w.verifyHelp}</p>
          <BusyButton className={`${ui.button} mt-2`} busy={busy} onPress={() => verify.mutate(undefined, { onError: refusal })}>
            {w.verify}
          </BusyButton>
        </section>
      )}
      <div className="mt-4 lg:grid lg:grid-cols-[minmax(0,1fr)_390px] lg:items-start lg:gap-6">
        <div className="mb-6 lg:sticky lg:top-4 lg:order-2 lg:mb-0">
          <PagePhoneView idPrefix={idPrefix} name={entry.title} address={phone.look.address} making={phone.look.making} skipTo={`${idPrefix}-fields`} />
        </div>
        <form
          ref={form}
          // A control the keyboard reaches stays clear of the buttons held at the bottom of the screen.
          className="lg:order-1 [&_*]:scroll-mb-48"
          aria-labelledby={`${idPrefix}-fields`}
          // Enter in a one-line box does nothing: publishing takes a press of Publish itself.
          onSubmit={(event) => event.preventDefault()}
        >
          <h2 id={`${idPrefix}-fields`} tabIndex={-1} className={`${ui.h2} ${ui.shownFocus}`}>
            {w.form}
          </h2>
          {theirs && (
            <div id={`${idPrefix}-conflict`} tabIndex={-1} role="alert" className="mt-2 rounded-md border-2 border-amber-500 bg-amber-50 p-3 text-amber-950">
              <p className="font-semibold">{w.conflict.heading}</p>
              <p className="mt-1">{w.conflict.explain(theirs.version)}</p>
              <ChangedFields mine={content} theirs={theirs.published} />
              <div className="mt-2 flex flex-wrap gap-2">
                <button
                  type="button"
                  className={ui.button}
                  onClick={() => {
                    setBasedOn(theirs.version);
                    setTheirs(undefined);
                  }}
                >
                  {w.conflict.keepMine}
                </button>
                <button
                  type="button"
                  className={ui.secondary}
                  onClick={() => {
                    setContent(theirs.published);
                    setBasedOn(theirs.version);
                    setTheirs(undefined);
                    setChanged(false);
                  }}
                >
                  {w.conflict.useTheirs}
                </button>
              </div>
            </div>
          )}
          {problems.length > 0 && (
            <div id={`${idPrefix}-problems`} tabIndex={-1} className={`mt-2 rounded-md bg-red-50 p-3 text-alert-700 ${ui.shownFocus}`}>
              <p className="font-semibold">{w.problems}</p>
              <ul className="mt-1 list-disc pl-5">
                {problems.map(([path, message]) => (
                  <li key={path} className="whitespace-pre-line">
                    <a href={`#${path === 'body' ? `${idPrefix}-body` : idOf(idPrefix, path ? path.split('.') : [])}`} className="font-semibold underline">
                      {fieldName(path)}
                    </a>
                    : {message}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <SchemaForm
            schema={entry.schema as JsonSchema}
            value={content.data}
            onChange={(data) => change({ ...content, data: data as EntryContent['data'] })}
            errors={fields}
            idPrefix={idPrefix}
            figures={entry.figures}
            tokens={entry.tokens}
            advanced={isOwner}
          />
          {entry.hasBody && (
            <BodyField
              idPrefix={idPrefix}
              value={content.body ?? ''}
              onChange={(body) => change({ ...content, body })}
              error={fields.body}
              blocks={entry.blocks}
              figures={entry.figures}
              tokens={entry.tokens}
            />
          )}
          <div ref={bar} className="sticky bottom-0 mt-6 flex flex-wrap items-center gap-2 border-t sm:gap-3 border-slate-200 bg-slate-50 py-3">
            {isOwner && (
              <BusyButton className={ui.button} busy={busy} onPress={() => publish.mutate(undefined, { onError: refusal })}>
                {w.publish}
              </BusyButton>
            )}
            <BusyButton className={ui.secondary} busy={busy} onPress={() => makePreview.mutate(undefined, { onError: refusal })}>
              {w.previewButton}
            </BusyButton>
            <BusyButton className={ui.secondary} busy={busy} onPress={() => save.mutate(undefined, { onError: refusal })}>
              {w.saveDraft}
            </BusyButton>
            {entry.draft && (
              <BusyButton className={ui.secondary} busy={busy} onPress={() => discard.mutate(undefined)}>
                {w.discardDraft}
              </BusyButton>
            )}
            <p role="status" className={`font-semibold ${outcome ? 'text-green-800' : 'text-slate-700'}`}>
              {makePreview.isPending
                ? w.previewing
                : publish.isPending || verify.isPending
                  ? w.publishing
                  : outcome
                    ? outcomeWords(outcome)
                    : changed
                      ? w.unsaved
                      : ''}
            </p>
          </div>
          {preview && <PreviewLinks idPrefix={idPrefix} {...preview} />}
          {!isOwner && <p className="text-slate-700">{w.ownerPublishes}</p>}
          <Alert message={errorMessage(failed, words.tryAgain)} />
        </form>
      </div>
      <PageHistory
        params={params}
        idPrefix={idPrefix}
        isOwner={isOwner}
        busy={busy}
        onUndone={async (undone, version) => {
          const fresh = await refresh();
          if (!fresh) return;
          setContent(fresh.published);
          setBasedOn(fresh.version);
          setChanged(false);
          setFields({});
          setPreview(undefined);
          setOutcome({ kind: 'undone', undone, version });
          phone.show(fresh.published, fresh.version);
        }}
      />
    </>
  );
}
