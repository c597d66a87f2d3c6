import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';

const callsOf = (leadId: string) => ['lead', leadId, 'calls'] as const;

/** A lead's calls: who was rung, who answered, the voicemail. */
export function useLeadCalls(leadId: string) {
  return useQuery({ queryKey: callsOf(leadId), queryFn: () => api('GET /leads/:id/calls', { params: { id: leadId } }) });
}

/** Deletes a call's voicemail (owners): gone here and at Twilio. */
export function useDeleteRecording(leadId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sid: string) => api('DELETE /calls/:sid/recording', { params: { sid } }),
    onSuccess: (answer) => queryClient.setQueryData(callsOf(leadId), answer),
  });
}
