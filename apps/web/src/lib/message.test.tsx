import { act, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Providers } from "../app/providers";
import { useMessage, useNotification } from "./message";
import { createQueryClient } from "./query-client";

/** A screen that toasts on a click, and can be taken away as a navigation would. */
function Toaster() {
  const message = useMessage();
  const notification = useNotification();
  return (
    <>
      <button
        onClick={() => {
          message.success("Saved");
          message.error("Not saved");
        }}
      >
        two toasts
      </button>
      <button onClick={() => notification.success({ title: "Receipt R-1 recorded", duration: 0 })}>notice</button>
    </>
  );
}

function Screen() {
  const [shown, setShown] = useState(true);
  return (
    <>
      {shown && <Toaster />}
      <button onClick={() => setShown(false)}>leave</button>
    </>
  );
}

const renderScreen = () =>
  render(
    <Providers queryClient={createQueryClient()}>
      <Screen />
    </Providers>,
  );

describe("toasts (lib/message.tsx)", () => {
  it("loads nothing of Ant Design's messages until the first toast, then shows every toast asked for meanwhile", async () => {
    renderScreen();
    expect(document.querySelector(".ant-message")).toBeNull();

    act(() => screen.getByRole("button", { name: "two toasts" }).click());

    expect(await screen.findByText("Saved")).toBeTruthy();
    expect(await screen.findByText("Not saved")).toBeTruthy();
  });

  it("keeps a notification that stays until closed after its screen is gone", async () => {
    renderScreen();

    act(() => screen.getByRole("button", { name: "notice" }).click());
    expect(await screen.findByText("Receipt R-1 recorded")).toBeTruthy();
    act(() => screen.getByRole("button", { name: "leave" }).click());

    expect(screen.queryByRole("button", { name: "notice" })).toBeNull();
    expect(screen.getByText("Receipt R-1 recorded")).toBeTruthy();
  });
});
