import type { AcademicYearClosed, AcademicYearPreview } from "@admissions/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";
import { refreshShared } from "../../../lib/query-keys";

export interface AcademicYearTarget {
  courseId: number;
  year: number;
}

const previewKey = ["academicYear", "preview"] as const;

/** SPEC.md's query: year, next (always year + 1), process, courseId. */
function queryOf(target: AcademicYearTarget, process: boolean): string {
  return new URLSearchParams({ year: String(target.year), next: String(target.year + 1), process: String(process), courseId: String(target.courseId) }).toString();
}

/** Who would move up and who would complete, once a course and year are chosen. */
export function useAcademicYearPreview(target: AcademicYearTarget | undefined) {
  return useQuery({
    queryKey: [...previewKey, target?.courseId, target?.year],
    queryFn: async () => (await apiRequest<AcademicYearPreview>(apiPaths.closeAcademicYear(queryOf(target!, false)))).data,
    enabled: !!target,
    // Always asked afresh: students are admitted, imported and cancelled all the time.
    staleTime: 0,
  });
}

/** Closes the year; the preview is read again afterwards, so it shows the year as closed, and the students and fees it moved. */
export function useCloseAcademicYear() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (target: AcademicYearTarget) => (await apiRequest<AcademicYearClosed>(apiPaths.closeAcademicYear(queryOf(target, true)))).data,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: previewKey }), refreshShared(queryClient, "students", "fees")]),
  });
}
