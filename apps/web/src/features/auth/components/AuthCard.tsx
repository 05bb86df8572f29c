import { Card, Typography } from "antd";
import type { ReactNode } from "react";

export function AuthCard({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className={aside ? "auth-grid auth-grid--with-aside" : "auth-grid"}>
      {aside}
      <Card className="auth-card">
        <Typography.Title level={1} className="auth-card__title">
          {title}
        </Typography.Title>
        {children}
      </Card>
    </div>
  );
}
