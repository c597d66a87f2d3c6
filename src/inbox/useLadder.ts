import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import type { LadderInput } from '../../core/inbox-api/contract.ts';

const PROFILE = ['profile'] as const;
const LADDER = ['ladder'] as const;
const RUNNING = ['ladders', 'running'] as const;
/** A ladder that runs is read again this often: someone else may say they have the job meanwhile. */
const RUNNING_REFRESH_MS = 30_000;

/** The signed-in person's own profile (their mobile). */
export function useProfile() {
  return useQuery({ queryKey: PROFILE, queryFn: () => api('GET /profile') });
}

/** Sets the signed-in person's own mobile (empty: none). */
export function useMobileChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mobile: string) => api('PUT /profile/mobile', { body: { mobile } }),
    onSuccess: (profile) => {
      queryClient.setQueryData(PROFILE, profile);
      return queryClient.invalidateQueries({ queryKey: LADDER });
    },
  });
}

/** The owners' ladder, with everyone who may be on it (owners). */
export function useLadder() {
  return useQuery({ queryKey: LADDER, queryFn: () => api('GET /ladder') });
}

/** Saves the owners' ladder, or (`null`) goes back to the default. */
export function useLadderChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ladder: LadderInput | null) => (ladder ? api('PUT /ladder', { body: ladder }) : api('DELETE /ladder')),
    onSuccess: (answer) => queryClient.setQueryData(LADDER, answer),
  });
}

/** The leads whose ladder runs now: nobody has them, and anyone may say "I've got this". */
export function useRunningLadders() {
  return useQuery({ queryKey: RUNNING, queryFn: () => api('GET /ladders/running'), refetchInterval: RUNNING_REFRESH_MS });
}

/** Where one lead's ladder stands. */
export function useLeadLadder(id: string) {
  return useQuery({ queryKey: ['lead', id, 'ladder'], queryFn: () => api('GET /leads/:id/ladder', { params: { id } }), refetchInterval: RUNNING_REFRESH_MS });
}

/** "I've got this": afterwards the lead, its ladder and the running list are read again. */
export function useAcknowledge(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('POST /leads/:id/acknowledge', { params: { id } }),
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: ['lead', id] }), queryClient.invalidateQueries({ queryKey: RUNNING })]),
  });
}
