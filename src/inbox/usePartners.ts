import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';

const PARTNERS = ['partners'] as const;

/** The partners, as everyone in the inbox reads them. */
export function usePartners() {
  return useQuery({ queryKey: PARTNERS, queryFn: () => api('GET /partners') });
}

/** A change to the partners (owners): afterwards the list is read again. */
export function usePartnerChange<T>(change: (input: T) => Promise<unknown>, onSuccess?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: PARTNERS });
      onSuccess?.();
    },
  });
}
