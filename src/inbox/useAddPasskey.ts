import { useQueryClient } from '@tanstack/react-query';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { api } from './api.ts';

/** Registers a passkey on this device for the signed-in person (WebAuthn through @simplewebauthn/browser). */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return async () => {
    const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>('POST', '/passkeys/options', {});
    const response = await startRegistration({ optionsJSON });
    await api('POST', '/passkeys', { response });
    await queryClient.invalidateQueries({ queryKey: ['session'] });
    await queryClient.invalidateQueries({ queryKey: ['passkeys'] });
  };
}
