import type { TFunction } from "i18next";

/** An application status of DESIGN.md's lifecycle in the chosen language; one the app does not know, as the server sent it. */
export const applicationStatusLabel = (t: TFunction, status: string) => t(`statuses.application.${status}`, { defaultValue: status });

/** A payment status (Pending, Success, Failure, Aborted, Offline) in the chosen language. */
export const paymentStatusLabel = (t: TFunction, status: string) => t(`statuses.payment.${status}`, { defaultValue: status });
