import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Button, Form, Input } from "antd";
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
