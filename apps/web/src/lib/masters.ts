import type { Course, Degree } from "@admissions/shared";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { apiRequest } from "./api-client";
import { useCurrentUser } from "./current-user";
import { apiPaths } from "./paths";

/**
 * Courses and degrees: master data every part of the app reads, so they live outside any one feature.
 * `useCourses` and `useDegrees` are the active ones (the server leaves out inactive degrees and those
 * of inactive courses), so the admission form offers only what is open; staff screens read all.
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

/**
 * Every course and degree, inactive ones too (staff only): what the master screens edit, and what the
 * staff screens filter by and name, since applications, students and staff accounts keep the degree
 * they had after it closes.
 */
export function useAllCourses() {
  return useQuery({ queryKey: [...coursesKey, "all"], queryFn: async () => (await apiRequest<Course[]>(apiPaths.allCourses)).data, staleTime: mastersStaleTime });
}

export function useAllDegrees() {
  return useQuery({ queryKey: [...degreesKey, "all"], queryFn: async () => (await apiRequest<Degree[]>(apiPaths.allDegrees)).data, staleTime: mastersStaleTime });
}

/** A course's or degree's name as a staff screen's list or filter shows it: an inactive one says so. */
export function useMasterName(): (item: { name: string; isActive?: boolean }) => string {
  const { t } = useTranslation();
  return (item) => (item.isActive === false ? t("masters.inactiveName", { name: item.name }) : item.name);
}

/**
 * Whether a staff member's lists can hold a degree's records, for their filters: a department
 * admin's own degrees, anybody else's every one (the server answers the others with nothing).
 */
export function useDegreeInScope(): (degree: { id: number }) => boolean {
  const ownDegrees = useCurrentUser()?.degreeIds;
  return (degree) => !ownDegrees || ownDegrees.includes(degree.id);
}
