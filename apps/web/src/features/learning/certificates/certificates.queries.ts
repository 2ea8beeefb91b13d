import { useMutation, useQuery } from '@tanstack/react-query';
import { saveFile } from '../../../lib/save-file.ts';
import { certificatesApi } from './certificates.api.ts';

/** The public check of a code (not under the session: the page works signed out). */
export function useVerifyCertificate(code: string | null) {
  return useQuery({
    queryKey: ['certificate-verify', code],
    queryFn: ({ signal }) => certificatesApi.verify(code!, signal),
    enabled: code !== null,
    retry: false,
    staleTime: 60_000,
  });
}

/** Downloads an enrolment's certificate PDF and saves it (for the learner's page and the admins' lists). */
export function useDownloadCertificate() {
  return useMutation({
    mutationFn: async (v: { enrolmentId: string; cycle?: number }) => {
      const { blob, name } = await certificatesApi.download(v.enrolmentId, v.cycle);
      saveFile(blob, name);
    },
  });
}
