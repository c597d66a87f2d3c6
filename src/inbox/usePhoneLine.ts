import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import type { AnswerersInput } from '../../core/inbox-api/contract.ts';

const ANSWERERS = ['calls', 'answerers'] as const;

/** Who answers the phone line in and after office hours, with everyone who may (owners). */
export function useAnswerers() {
  return useQuery({ queryKey: ANSWERERS, queryFn: () => api('GET /calls/answerers') });
}

/** Saves both lists. */
export function useAnswerersChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (lists: AnswerersInput) => api('PUT /calls/answerers', { body: lists }),
    onSuccess: (answer) => queryClient.setQueryData(ANSWERERS, answer),
  });
}
