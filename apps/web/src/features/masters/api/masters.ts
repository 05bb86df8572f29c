import type { Course, CourseCreate, CourseUpdate, Degree, DegreeCreate, DegreeUpdate, FeeStructureUpdate, FeeTerm } from "@admissions/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client";
import { coursesKey, degreesKey } from "../../../lib/masters";
import { apiPaths } from "../../../lib/paths";

/** A new one is POSTed, an existing one PUT whole. */
type Save<Create, Update> = { id?: undefined; values: Create } | { id: number; values: Update };

/**
 * Adds or changes a course. The degree lists are refreshed too: closing a course hides its degrees
 * from the admission form.
 */
export function useSaveCourse() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: Save<CourseCreate, CourseUpdate>) =>
      (await apiRequest<Course>(id === undefined ? apiPaths.courses : apiPaths.course(id), { method: id === undefined ? "POST" : "PUT", body: values })).data,
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: coursesKey }), queryClient.invalidateQueries({ queryKey: degreesKey })]),
  });
}

export function useSaveDegree() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: Save<DegreeCreate, DegreeUpdate>) =>
      (await apiRequest<Degree>(id === undefined ? apiPaths.degrees : apiPaths.degree(id), { method: id === undefined ? "POST" : "PUT", body: values })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: degreesKey }),
  });
}

const feeStructureKey = (degreeId: number) => ["feeStructure", degreeId] as const;

export function useFeeStructure(degreeId: number) {
  return useQuery({ queryKey: feeStructureKey(degreeId), queryFn: async () => (await apiRequest<FeeTerm[]>(apiPaths.feeStructure(degreeId))).data });
}

/** Replaces the degree's whole structure; the answer is what was stored. */
export function useSaveFeeStructure(degreeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: FeeStructureUpdate) => (await apiRequest<FeeTerm[]>(apiPaths.saveFeeStructure(degreeId), { method: "PUT", body })).data,
    onSuccess: (terms) => queryClient.setQueryData(feeStructureKey(degreeId), terms),
  });
}
