import { useQueryClient } from '@tanstack/react-query';
import { startRegistration } from '@simplewebauthn/browser';
import { api } from './api.ts';

/** Registers a passkey on this device for the signed-in person (WebAuthn through @simplewebauthn/browser). */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return async () => {
    const optionsJSON = await api('POST /passkeys/options');
    const response = await startRegistration({ optionsJSON });
    await api('POST /passkeys', { body: { response } });
    await queryClient.invalidateQueries({ queryKey: ['session'] });
    await queryClient.invalidateQueries({ queryKey: ['passkeys'] });
  };
}
