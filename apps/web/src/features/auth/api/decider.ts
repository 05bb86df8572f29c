import { apiRequest } from "../../../lib/api-client";
import { apiPaths } from "../../../lib/paths";

/** SPEC.md /deciderScreen, ROLE_USER: status success with data means the application exists. */
export async function fetchHasApplicationStatus(userName: string): Promise<boolean> {
  try {
    const answer = await apiRequest<unknown>(apiPaths.applicationStatus(userName));
    return answer.status === "success" && answer.data != null;
  } catch {
    return false;
  }
}

/** SPEC.md /deciderScreen, ROLE_STUDENT: whether the results were still awaited at admission. */
export async function fetchTweleveStatus(userName: string): Promise<string | null> {
  try {
    const answer = await apiRequest<{ examDetails?: { tweleveStatus?: string } } | null>(apiPaths.admission(userName));
    return answer.data?.examDetails?.tweleveStatus ?? null;
  } catch {
    return null;
  }
}
