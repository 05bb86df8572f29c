import type { ReactNode } from "react";

/**
 * The public screens' card, drawn by our own CSS: Ant Design's Card brings its tabs, dropdown and
 * skeleton, and Typography its editor and tooltips, into the first download of every visitor.
 */
export function AuthCard({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className={aside ? "auth-grid auth-grid--with-aside" : "auth-grid"}>
      {aside}
      <section className="auth-card">
        <h1 className="auth-card__title">{title}</h1>
        {children}
      </section>
    </div>
  );
}
