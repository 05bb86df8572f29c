import type { Envelope, ImportLogEntry, ImportLogPage, StudentImportPreview } from "@admissions/shared";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";

export const importLogKey = ["importLog"] as const;

function fileForm(file: File): FormData {
  const form = new FormData();
  form.append("file", file, file.name);
  return form;
}

/** What an import of the file would do; the server writes nothing. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: async (file: File) => (await apiRequest<StudentImportPreview>(apiPaths.studentImportPreview, { method: "POST", body: fileForm(file) })).data,
  });
}

/** A page of the import log, newest first. */
export function useImportLog(pageNo: number, pageSize: number) {
  const query = new URLSearchParams({ pageNo: String(pageNo), pageSize: String(pageSize) }).toString();
  return useQuery({
    queryKey: [...importLogKey, query],
    queryFn: async () => (await apiRequest<ImportLogPage>(apiPaths.importLog(query))).data,
    placeholderData: keepPreviousData,
  });
}

/** The server refused the whole file: these rows are why (nothing was written). */
export class ImportRefused extends Error {
  constructor(
    message: string,
    readonly preview: StudentImportPreview,
  ) {
    super(message);
    this.name = "ImportRefused";
  }
}

export type ImportProgress = { phase: "uploading"; percent: number } | { phase: "writing" };

/**
 * POST studentImport through XMLHttpRequest, the one browser API that reports how much of an upload
 * has been sent: the bar follows the upload, then waits while the server writes the students.
 */
export function importStudents(file: File, onProgress: (progress: ImportProgress) => void): Promise<ImportLogEntry> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open("POST", apiPaths.studentImport);
    request.withCredentials = true;
    request.setRequestHeader("accept", "application/json");
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ phase: "uploading", percent: Math.round((event.loaded / event.total) * 100) });
    };
    request.upload.onload = () => onProgress({ phase: "writing" });
    request.onerror = () => reject(new ApiError(0, "network"));
    request.onload = () => {
      const payload = request.response as Envelope<unknown> | null;
      if (request.status === 200 && payload?.status === "success") return resolve(payload.data as ImportLogEntry);
      if (request.status === 400 && payload?.data && typeof payload.data === "object" && "rejected" in payload.data) {
        return reject(new ImportRefused(payload.message, payload.data as StudentImportPreview));
      }
      // An expired session is confirmed through the API client, which signs out as on any 401.
      if (request.status === 401) void apiRequest(apiPaths.me).catch(() => undefined);
      reject(new ApiError(request.status, payload?.message ?? ""));
    };
    request.send(fileForm(file));
  });
}
