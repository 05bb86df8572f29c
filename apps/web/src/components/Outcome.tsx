import { CheckCircleFilled, InfoCircleFilled } from "@ant-design/icons";
import type { ReactNode } from "react";

/**
 * Where an applicant stands when there is nothing left to fill in, and what to do next. Drawn as
 * Ant Design's Result draws it, but not with Result: its module carries the 403, 404 and 500
 * illustrations whatever the status shown, about 9 KiB gzipped on /admission's first download.
 */
export function Outcome({ kind, title, action }: { kind: "success" | "info"; title: ReactNode; action?: ReactNode }) {
  const Icon = kind === "success" ? CheckCircleFilled : InfoCircleFilled;
  return (
    <section className={`outcome outcome--${kind}`}>
      <Icon className="outcome__icon" aria-hidden />
      <h1 className="outcome__title">{title}</h1>
      {action && <div className="outcome__action">{action}</div>}
    </section>
  );
}
