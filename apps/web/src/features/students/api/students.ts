import type { Student, StudentDetail, StudentFilter, StudentList, StudentUpdateInput } from "@admissions/shared";
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";
import { refreshShared, sharedKeys } from "../../../lib/query-keys";

const studentsKey = sharedKeys.students;

/** A page of students for the list's filter (SPEC.md: POST studentsFilter, the page in data). */
export function useStudents(filter: StudentFilter) {
  return useQuery({
    queryKey: [...studentsKey, "list", filter],
    queryFn: async () => (await apiRequest<StudentList>(apiPaths.studentsFilter, { method: "POST", body: filter })).data,
    placeholderData: keepPreviousData,
  });
}

/** One student's page: the record, the application it came from, fee terms and payments; nothing asked without an id. */
export function useStudent(id: number | undefined) {
  return useQuery({
    queryKey: [...studentsKey, "detail", id],
    queryFn: id === undefined ? skipToken : async () => (await apiRequest<StudentDetail>(apiPaths.student(id))).data,
  });
}

/** Saves a student's name, mobile, year and status; the list, the student's page and their fee screens are read again. */
export function useUpdateStudent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StudentUpdateInput) => apiRequest<Student>(apiPaths.saveStudent, { method: "POST", body: change }),
    onSuccess: () => refreshShared(queryClient, "students", "fees"),
    // Refused as made over a record someone has changed since: the record is read again.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void refreshShared(queryClient, "students");
    },
  });
}
