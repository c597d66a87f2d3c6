import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { startAuthentication } from '@simplewebauthn/browser';
import { api } from './api.ts';
import { SIGN_IN_LINK_PARAM } from '../../core/inbox-links.ts';
import type { SessionUser } from '../../core/inbox-api/contract.ts';
import { words } from './app-words.ts';
import { ui } from './ui.ts';
import { Alert, errorMessage } from './Alert.tsx';

const w = words.signIn;

/** Sign in with a passkey, an e-mailed code, or (from ?link=) a one-time link. */
export function SignIn({ onSignedIn }: { onSignedIn: (passkeys: number) => void }) {
  const linkToken = new URLSearchParams(window.location.search).get(SIGN_IN_LINK_PARAM);
  const [email, setEmail] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const done = (answer: { user: SessionUser }) => onSignedIn(answer.user.passkeys);

  const link = useMutation({ mutationFn: () => api('POST /auth/link', { body: { token: linkToken ?? '' } }), onSuccess: done });
  const passkey = useMutation({
    mutationFn: async () => {
      const optionsJSON = await api('POST /auth/passkey/options');
      let response;
      try {
        response = await startAuthentication({ optionsJSON });
      } catch {
        throw new Error(w.passkeyCancelled);
      }
      return api('POST /auth/passkey/verify', { body: { response } });
    },
    onSuccess: done,
  });
  const sendCode = useMutation({
    mutationFn: (address: string) => api('POST /auth/code', { body: { email: address } }),
    onSuccess: (_answer, address) => setCodeSentTo(address),
  });
  const verify = useMutation({ mutationFn: () => api('POST /auth/code/verify', { body: { email: codeSentTo ?? '', code } }), onSuccess: done });

  const onEmail = (event: FormEvent) => {
    event.preventDefault();
    sendCode.mutate(email.trim());
  };
  const onCode = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate();
  };

  return (
    <main id="main" className="mx-auto max-w-md px-4 py-10">
      <p className="font-semibold text-brand-700">{words.businessName}</p>
      {linkToken ? (
        <>
          <h1 className={ui.h1}>{w.linkHeading}</h1>
          <p className="mt-2 text-slate-700">{w.linkIntro}</p>
          <button type="button" className={`${ui.button} mt-6 w-full`} disabled={link.isPending} onClick={() => link.mutate()}>
            {w.continue}
          </button>
          <Alert message={errorMessage(link.error, words.tryAgain)} />
        </>
      ) : (
        <>
          <h1 className={ui.h1}>{w.heading}</h1>
          <button type="button" className={`${ui.button} mt-6 w-full`} disabled={passkey.isPending} onClick={() => passkey.mutate()}>
            {w.passkey}
          </button>
          <Alert message={errorMessage(passkey.error, words.tryAgain)} />
          <p className="mt-8 text-slate-700">{w.orCode}</p>
          {codeSentTo === null ? (
            <form className="mt-3" onSubmit={onEmail}>
              <label className={ui.label} htmlFor="signin-email">
                {w.email}
              </label>
              <input
                id="signin-email"
                className={ui.field}
                type="email"
                autoComplete="username"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <button type="submit" className={`${ui.secondary} mt-3 w-full`} disabled={sendCode.isPending}>
                {w.sendCode}
              </button>
              <Alert message={errorMessage(sendCode.error, words.tryAgain)} />
            </form>
          ) : (
            <form className="mt-3" onSubmit={onCode}>
              <p role="status" className="rounded-md bg-brand-50 p-3 text-slate-800">
                {w.codeSent(codeSentTo)}
              </p>
              <label className={`${ui.label} mt-4`} htmlFor="signin-code">
                {w.code}
              </label>
              <input
                id="signin-code"
                className={ui.field}
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]*"
                maxLength={8}
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
              <button type="submit" className={`${ui.button} mt-3 w-full`} disabled={verify.isPending}>
                {w.submit}
              </button>
              <Alert message={errorMessage(verify.error, words.tryAgain)} />
              <button type="button" className={`${ui.link} mt-4`} onClick={() => setCodeSentTo(null)}>
                {w.otherAddress}
              </button>
            </form>
          )}
        </>
      )}
    </main>
  );
}
