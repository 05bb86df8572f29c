import { message } from "antd";
import { createContext, useContext, type ReactNode } from "react";

type MessageApi = ReturnType<typeof message.useMessage>[0];

const MessageContext = createContext<MessageApi | null>(null);

/**
 * Ant Design's toast messages for every screen, themed, translated and mirrored by the
 * ConfigProvider around them. Not Ant Design's App, which brings its modal and notification into
 * every visitor's first download; the screens that confirm or notify take those from the App in the
 * staff and applicant layouts.
 */
export function MessageProvider({ children }: { children: ReactNode }) {
  const [api, holder] = message.useMessage();
  return (
    <MessageContext value={api}>
      {holder}
      {children}
    </MessageContext>
  );
}

export function useMessage(): MessageApi {
  const api = useContext(MessageContext);
  if (!api) throw new Error("useMessage needs a MessageProvider above it");
  return api;
}
