import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button, Form, Input } from "antd";
import { memo, Profiler, useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * Work Ant Design scheduled for later while a form mounted, for nothing: a timer per Form.Item to
 * show its (empty) messages again, a timer per Input to clear a password's value attribute, a
 * MessageChannel per field to tell watchers about it, a microtask per style path. Lighthouse's
 * trace records a stack for each, and they made most of /admission's longest task there.
 * patches/antd+6.6.8.patch, patches/@rc-component+form+1.8.6.patch and
 * patches/@ant-design+cssinjs+2.1.2.patch schedule none of them, or one for all
 * (docs/PERFORMANCE.md, twenty-seventh round). These tests fail if an install loses a patch.
 */
const fieldNames = Array.from({ length: 12 }, (_, index) => `field${index}`);

function ManyFields() {
  return (
    <Form>
      {fieldNames.map((name) => (
        <Form.Item key={name} name={name} label={name}>
          <Input />
        </Form.Item>
      ))}
    </Form>
  );
}

afterEach(() => vi.restoreAllMocks());

describe("a form of many fields mounting, as patched", () => {
  it("sets no timer per field", () => {
    const setTimeout = vi.spyOn(window, "setTimeout");
    render(<ManyFields />);
    // The one timer is the form's store's, set outside production to warn of a form instance that
    // no Form uses.
    expect(setTimeout).toHaveBeenCalledTimes(1);
  });

  it("opens one message channel for all its fields' registrations", () => {
    const MessageChannel = vi.spyOn(globalThis, "MessageChannel");
    render(<ManyFields />);
    expect(MessageChannel).toHaveBeenCalledTimes(1);
  });

  it("queues one microtask for all its style paths", () => {
    const resolve = Promise.resolve.bind(Promise);
    let queuedByStyles = 0;
    vi.spyOn(Promise, "resolve").mockImplementation(((value?: unknown) => {
      // jsdom's mutation observers queue theirs through Promise.resolve too.
      if (new Error().stack?.includes("useGlobalCache")) queuedByStyles += 1;
      return resolve(value);
    }) as typeof Promise.resolve);
    render(
      <>
        <ManyFields />
        <Button>Save</Button>
      </>,
    );
    expect(queuedByStyles).toBe(1);
  });
});

describe("what the scheduled work did, as patched", () => {
  it("still shows a field's message and takes it away when the answer is mended", async () => {
    const user = userEvent.setup();
    render(
      <Form>
        <Form.Item name="name" label="Name" rules={[{ required: true, message: "Enter the name" }]}>
          <Input />
        </Form.Item>
      </Form>,
    );
    const input = screen.getByLabelText("Name");
    await user.type(input, "A");
    await user.clear(input);
    expect(await screen.findByText("Enter the name")).not.toBeNull();
    await user.type(input, "Asha");
    await waitFor(() => expect(screen.queryByText("Enter the name")).toBeNull());
  });

  it("still takes a password's value attribute away", async () => {
    render(<Input type="password" aria-label="Password" defaultValue="secret" />);
    const input = screen.getByLabelText<HTMLInputElement>("Password");
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(input.hasAttribute("value")).toBe(false);
    expect(input.value).toBe("secret");
  });
});

/**
 * Work Ant Design did again on every render of a form: its context was a new object each time (so
 * every field drew again with the form), and each item asked the browser where it was laid out (so
 * every keystroke laid the page out inside its render). patches/antd+6.6.8.patch keeps the context
 * while its parts are the same and asks only an item with a message (docs/PERFORMANCE.md,
 * fifty-seventh round).
 */
describe("a form drawn again, as patched", () => {
  it("does not draw its fields again when only the form's owner draws again", () => {
    let fieldUpdates = 0;
    // A field that draws again only when the form's context says so, as the admission form's steps do;
    // the Profiler counts every render inside it that reaches the page.
    const NameField = memo(function NameField() {
      return (
        <Profiler id="name" onRender={(_id, phase) => void (phase !== "mount" && (fieldUpdates += 1))}>
          <Form.Item name="name" label="Name">
            <Input />
          </Form.Item>
        </Profiler>
      );
    });
    function Owner() {
      const [count, setCount] = useState(0);
      return (
        <>
          <Button onClick={() => setCount(count + 1)}>Again {count}</Button>
          <Form onValuesChange={() => undefined}>
            <NameField />
          </Form>
        </>
      );
    }
    render(<Owner />);
    const before = fieldUpdates;
    fireEvent.click(screen.getByRole("button", { name: "Again 0" }));
    expect(screen.getByRole("button", { name: "Again 1" })).toBeTruthy();
    expect(fieldUpdates).toBe(before);
  });

  it("does not ask where an item without a message is laid out as it draws", () => {
    const offsetParent = vi.spyOn(HTMLElement.prototype, "offsetParent", "get");
    render(<ManyFields />);
    fireEvent.change(screen.getByLabelText("field0"), { target: { value: "typed" } });
    expect(offsetParent).not.toHaveBeenCalled();
  });
});
