import type { ReactNode } from "react";

/**
 * The public screens' card, drawn by our own CSS: Ant Design's Card brings its tabs, dropdown and
 * skeleton, and Typography its editor and tooltips, into the first download of every visitor. The
 * aside comes after the card in the page, so the keyboard and a screen reader reach the form (and the
 * page's h1) first, as a phone shows them; a wide screen only draws the aside on the card's left.
 */
export function AuthCard({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className={aside ? "auth-grid auth-grid--with-aside" : "auth-grid"}>
      <section className="auth-card">
        <h1 className="auth-card__title">{title}</h1>
        {children}
      </section>
      {aside}
    </div>
  );
}
