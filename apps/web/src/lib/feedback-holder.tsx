import { message, notification } from "antd";
import type { MessageInstance } from "antd/es/message/interface";
import type { NotificationInstance } from "antd/es/notification/interface";
import { useEffect } from "react";

export interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
}

/**
 * Ant Design's toast messages and notifications, from hooks, so that they take the theme, language
 * and direction of the ConfigProvider around them. Loaded by lib/message.tsx on the first toast.
 */
export default function FeedbackHolder({ onReady }: { onReady: (feedback: Feedback) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [notificationApi, notificationHolder] = notification.useNotification();
  // The holders are this component's children, so they are mounted when this effect runs.
  useEffect(() => onReady({ message: messageApi, notification: notificationApi }), [messageApi, notificationApi, onReady]);
  return (
    <>
      {messageHolder}
      {notificationHolder}
    </>
  );
}
