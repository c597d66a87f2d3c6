import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api.ts';
import type { EntryParams } from '../../../core/inbox-api/site.ts';

const SITE = ['site'] as const;

/** The site's entries, the live version and how long ago prices were verified. */
export function useSiteOverview() {
  return useQuery({ queryKey: SITE, queryFn: () => api('GET /site') });
}

/** One entry with its form's schema, its release, published and draft content. */
export function useSiteEntry(params: EntryParams) {
  return useQuery({
    queryKey: [...SITE, 'entry', params.collection, params.id],
    queryFn: () => api('GET /site/entries/:collection/:id', { params }),
    // An open form must not be replaced under the owner's hands when the window regains focus.
    refetchOnWindowFocus: false,
  });
}

/** One page's history: the versions that changed it. */
export function usePageHistory(params: EntryParams) {
  return useQuery({
    queryKey: [...SITE, 'entry', params.collection, params.id, 'versions'],
    queryFn: () => api('GET /site/entries/:collection/:id/versions', { params }),
  });
}

export function useSiteVersions() {
  return useQuery({ queryKey: [...SITE, 'versions'], queryFn: () => api('GET /site/versions') });
}

export function useVersionDiff(number: number, enabled: boolean) {
  return useQuery({
    queryKey: [...SITE, 'version', number],
    queryFn: () => api('GET /site/versions/:number', { params: { number } }),
    enabled,
  });
}

/** A change to the site: afterwards everything the Site section shows is read again. */
export function useSiteChange<T, R>(change: (input: T) => Promise<R>, onSuccess?: (answer: R) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: async (answer) => {
      onSuccess?.(answer);
      await queryClient.invalidateQueries({ queryKey: SITE });
    },
  });
}
