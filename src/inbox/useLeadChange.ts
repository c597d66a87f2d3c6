import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A change to a lead: afterwards the lead and the lists are read again, and "Saved" is announced.
 * `announcement` is what a polite live region should say now.
 */
export function useLeadChange<T>(leadId: string, change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  const [announcement, setAnnouncement] = useState('');
  const mutation = useMutation({
    mutationFn: change,
    onMutate: () => setAnnouncement(''),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: ['lead', leadId] }), queryClient.invalidateQueries({ queryKey: ['leads'] })]);
      setAnnouncement('saved');
    },
  });
  return { mutation, saved: announcement === 'saved' && mutation.isSuccess };
}
