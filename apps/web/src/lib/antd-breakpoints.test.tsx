import { render } from "@testing-library/react";
import { Col, Grid, Row } from "antd";
import { Profiler, type ProfilerOnRenderCallback } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * Ant Design 6.6.8 gave every component that watches the screen (each Row, and so each Form.Item)
 * an observer of its own: seven media queries registered per Row, and a second render of the Row
 * right after it mounted. patches/antd+6.6.8.patch shares one observer per theme and starts a
 * Row from the screens already known (docs/PERFORMANCE.md, twenty-sixth round). These tests fail
 * if an install loses the patch.
 */
function ScreenWatcher() {
  Grid.useBreakpoint();
  return null;
}

afterEach(() => vi.restoreAllMocks());

describe("Ant Design's screen watch, as patched", () => {
  it("asks the browser about each breakpoint once however many rows draw", () => {
    const matchMedia = vi.spyOn(window, "matchMedia");
    render(
      <>
        <ScreenWatcher />
        {Array.from({ length: 20 }, (_, index) => (
          <Row key={index}>
            <Col span={12} />
          </Row>
        ))}
      </>,
    );
    // Seven breakpoints, xs to xxxl.
    expect(matchMedia).toHaveBeenCalledTimes(7);
  });

  it("draws a row once when the screen is already known", () => {
    const phases: string[] = [];
    const onRender: ProfilerOnRenderCallback = (_id, phase) => phases.push(phase);
    const { rerender } = render(<ScreenWatcher />);
    rerender(
      <>
        <ScreenWatcher />
        <Profiler id="row" onRender={onRender}>
          <Row>
            <Col span={12} />
          </Row>
        </Profiler>
      </>,
    );
    expect(phases).toEqual(["mount"]);
  });
});
