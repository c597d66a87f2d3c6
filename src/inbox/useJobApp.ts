/** The job app's connection as the owners' section and the warning read it, and its changes (each answers the connection as it now is). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JobAppAnswer } from '../../core/inbox-api/contract.ts';
import { api } from './api.ts';

const KEY = ['job-app'];

export function useJobApp(enabled = true) {
  return useQuery({ queryKey: KEY, queryFn: () => api('GET /job-app'), enabled });
}

export function useJobAppChange<T>(change: (input: T) => Promise<JobAppAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: change, onSuccess: (answer) => queryClient.setQueryData(KEY, answer) });
}
