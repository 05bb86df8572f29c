import { act, render, screen } from "@testing-library/react";
import { Form, type FormInstance } from "antd";
import { useEffect } from "react";
import { describe, expect, it } from "vitest";
import { WithFormValues } from "./fields";

/** A form restored before it draws, as the admission form is, with what `WithFormValues` drew each time. */
function RestoredForm({ onForm, drawn }: { onForm: (form: FormInstance) => void; drawn: unknown[][] }) {
  const [form] = Form.useForm();
  useEffect(() => {
    onForm(form);
  }, [form, onForm]);
  return (
    <Form form={form} initialValues={{ course: "UG", dob: "2008-01-31", examDetails: { tweleveStatus: "PASSED" } }}>
      <Form.Item name="name">
        <input aria-label="name" readOnly />
      </Form.Item>
      <WithFormValues fields={["course", ["examDetails", "tweleveStatus"]]}>
        {(values) => {
          drawn.push(values);
          return <output>{values.join(" ")}</output>;
        }}
      </WithFormValues>
    </Form>
  );
}

describe("WithFormValues", () => {
  it("draws once with the restored values, where Form.useWatch would start empty and draw again", () => {
    const drawn: unknown[][] = [];
    render(<RestoredForm onForm={() => undefined} drawn={drawn} />);
    expect(screen.getByRole("status").textContent).toBe("UG PASSED");
    expect(drawn).toEqual([["UG", "PASSED"]]);
  });

  it("draws again when one of its values changes, and not when another field does", () => {
    const drawn: unknown[][] = [];
    let form: FormInstance | undefined;
    render(<RestoredForm onForm={(instance) => (form = instance)} drawn={drawn} />);
    act(() => form!.setFieldsValue({ course: "PG" }));
    expect(screen.getByRole("status").textContent).toBe("PG PASSED");
    const drawings = drawn.length;
    act(() => form!.setFieldsValue({ name: "ANU", dob: "2008-02-01" }));
    expect(drawn).toHaveLength(drawings);
    act(() => form!.setFieldsValue({ examDetails: { tweleveStatus: "APPEARED" } }));
    expect(screen.getByRole("status").textContent).toBe("PG APPEARED");
    expect(drawn.at(-1)).toEqual(["PG", "APPEARED"]);
  });
});
