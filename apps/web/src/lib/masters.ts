import type { Course, Degree } from "@admissions/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api-client";
import { apiPaths } from "./paths";

/**
 * Courses and degrees: master data every part of the app reads, so they live outside any one feature.
 * These are the active ones (the server leaves out inactive degrees and those of inactive courses),
 * so the admission form offers only what is open; the master screens read everything.
 */
export type { Course, Degree };

/** The master screens refresh these after a change, so an open admission form sees it too. */
export const coursesKey = ["courses"] as const;
export const degreesKey = ["degrees"] as const;

const mastersStaleTime = 10 * 60_000;

export const coursesQuery = queryOptions({
  queryKey: coursesKey,
  queryFn: async () => (await apiRequest<Course[]>(apiPaths.courses)).data,
  staleTime: mastersStaleTime,
});

export const degreesQuery = queryOptions({
  queryKey: degreesKey,
  queryFn: async () => (await apiRequest<Degree[]>(apiPaths.degrees)).data,
  staleTime: mastersStaleTime,
});

export function useCourses() {
  return useQuery(coursesQuery);
}

export function useDegrees() {
  return useQuery(degreesQuery);
}
