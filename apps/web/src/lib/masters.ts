import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api-client";
import { apiPaths } from "./paths";

/** Courses and degrees: master data every part of the app reads, so they live outside any one feature. */
export interface Course {
  id: number;
  name: string;
  applicationFee: number;
}

export interface Degree {
  id: number;
  name: string;
  courseId: number;
}

export function useCourses() {
  return useQuery({ queryKey: ["courses"], queryFn: async () => (await apiRequest<Course[]>(apiPaths.courses)).data, staleTime: 10 * 60_000 });
}

export function useDegrees() {
  return useQuery({ queryKey: ["degrees"], queryFn: async () => (await apiRequest<Degree[]>(apiPaths.degrees)).data, staleTime: 10 * 60_000 });
}
