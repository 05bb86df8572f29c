import { useQuery } from "@tanstack/react-query";
import { apiBlob } from "./api-client";
import { apiPaths } from "./paths";

/**
 * SPEC.md: a document (the photo) is fetched as a blob and shown inline, since the download path
 * needs the session cookie and answers as an attachment. Applicant and staff screens both use it.
 */
export function useDocumentUrl(userName: string | undefined, fileName: string | undefined) {
  const query = useQuery({
    queryKey: ["document", userName, fileName],
    enabled: !!userName && !!fileName,
    staleTime: Infinity,
    queryFn: async () => URL.createObjectURL(await apiBlob(apiPaths.downloadFile(userName!, fileName!))),
  });
  return query.data;
}
