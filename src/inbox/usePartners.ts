import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';

const PARTNERS = ['partners'] as const;
const ROSTER_REFRESH_MS = 60_000;

/** The partners, as everyone in the inbox reads them, with the order on-call partners are tried in. */
export function usePartners() {
  // Read again every minute: who is on call changes with the clock (a time a partner set runs out).
  return useQuery({ queryKey: PARTNERS, queryFn: () => api('GET /partners'), refetchInterval: ROSTER_REFRESH_MS });
}

/** A change to the partners (owners): afterwards the list is read again, then `onSuccess` gets the answer. */
export function usePartnerChange<T, R = unknown>(change: (input: T) => Promise<R>, onSuccess?: (answer: R) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (answer) => {
      await queryClient.invalidateQueries({ queryKey: PARTNERS });
      onSuccess?.(answer);
    },
  });
}
