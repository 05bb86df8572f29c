import type * as AntdModule from "antd";
import type { ReactElement } from "react";
import type { Plugin } from "vite";
import { theme } from "../src/app/theme.ts";
import { virtualModules } from "./virtual-modules.ts";

/**
 * Ant Design makes a component's styles in the browser the first time the component draws: it builds
 * them from the theme, serialises them and inserts a style element, all on the main thread. For
 * /admission's first step that was most of the form's first render (PERFORMANCE.md, twenty-fourth
 * round). This plugin makes those styles at build time instead, by drawing the components on the
 * server with the app's theme, and serves them as a stylesheet the screen's chunk brings with it.
 *
 * A screen imports `virtual:prebuilt-antd-styles/<sheet>`: the stylesheet, and the list of styles it
 * holds, which `registerPrebuiltStyles` hands to Ant Design's style engine so that it skips making
 * them. The engine matches a style by the theme's hash, the component and its class prefix, so a
 * style drawn with another theme, or a component the sheet leaves out, is still made in the browser:
 * a sheet can make a screen faster, never unstyled.
 */

type Antd = typeof AntdModule;

interface Sheet {
  /** The components whose styles the sheet holds; only their kinds matter, not their props. */
  components: (antd: Antd) => ReactElement[];
  /** Sheets always loaded before this one: it leaves out the styles they hold. */
  after?: string[];
}

const sheets: Record<string, Sheet> = {
  // Imported by the app's root (app/providers.tsx), so in the stylesheet of every first visit: the
  // grid, which every form lays itself out with (Form.Item draws a Row and Cols), the reset the
  // components share, and the form and its inputs, which every public screen draws. The grid's
  // columns are 87 KB of CSS (24 of each kind at six widths), the largest style a first visit to
  // /signin made in the browser; 4.8 KiB gzipped (PERFORMANCE.md, thirtieth round). The form's and
  // the inputs' add 5.1 KiB; the button's would add 2.7 more, past /signin's 230 KiB (thirty-first).
  "every-screen": {
    components: ({ Col, Form, Input, Row }) => [
      <Row key="row">
        <Col span={12} />
      </Row>,
      <Form key="form">
        <Form.Item label="label">
          <Input />
        </Form.Item>
      </Form>,
    ],
  },
  // The admission form's first step and its buttons. The later steps load on demand and make their
  // styles in the browser while the applicant is typing on the first.
  "admission-first-step": {
    after: ["every-screen"],
    components: ({ Button, Col, Form, Input, Radio, Row, Select, Space }) => [
      <Form key="form">
        <Form.Item label="label">
          <Input />
        </Form.Item>
      </Form>,
      <Row key="row">
        <Col span={12} />
      </Row>,
      <Select key="select" />,
      <Radio.Group key="radio" options={["option"]} />,
      <Space key="space" />,
      <Button key="button" />,
    ],
  },
};

function sheetNamed(name: string): Sheet {
  const sheet = sheets[name];
  if (!sheet) throw new Error(`no prebuilt Ant Design sheet is named ${name}`);
  return sheet;
}

/** How the style engine's cache names the entries of the components' CSS variables. */
const cssVarKeyPrefix = "cssVar%";
const virtualPrefix = "virtual:prebuilt-antd-styles/";
/** From the web app's root, as Vite resolves an absolute import. */
const registerModule = "/src/lib/prebuilt-styles.ts";

/** The CSS of a sheet and the style-engine paths it covers. */
async function buildSheet({ components, after = [] }: Sheet): Promise<{ css: string; paths: string[] }> {
  // Loaded here rather than at the top, so that Ant Design reads the mode (its hash prefix differs in
  // development) that Vite has set by the time a module is loaded.
  const [antd, { createCache, extractStyle, StyleProvider }, { renderToString }] = await Promise.all([
    import("antd"),
    import("@ant-design/cssinjs"),
    import("react-dom/server"),
  ]);
  const cache = createCache();
  const draw = (elements: ReactElement[]) =>
    renderToString(
      <StyleProvider cache={cache}>
        <antd.ConfigProvider theme={theme}>{elements}</antd.ConfigProvider>
      </StyleProvider>,
    );
  // First what the page has by the time the sheet comes: the provider alone (the app's root has made
  // its styles, the icons', before any screen loads), then each sheet loaded before this one. `once`
  // marks what it extracts, so the last extraction holds only what this sheet's components add.
  for (const elements of [[], ...after.map((earlier) => sheetNamed(earlier).components(antd))]) {
    draw(elements);
    extractStyle(cache, { types: ["style", "cssVar"], once: true });
  }
  draw(components(antd));
  // The components' CSS variables too (patches/@ant-design+cssinjs+2.1.2.patch skips a variable
  // sheet whose path is registered). The engine lists only the styles' paths, so the variables' are
  // read off the cache: its keys are the prefix and the path, joined by "%".
  const variablePaths = [...cache.cache.keys()]
    .filter((key) => key.startsWith(cssVarKeyPrefix) && !cache.extracted.has(key))
    .map((key) => key.slice(cssVarKeyPrefix.length).replaceAll("%", "|"));
  const extracted = extractStyle(cache, { types: ["style", "cssVar"], once: true, plain: true });
  // The engine ends the CSS with a rule listing the paths it holds, meant to be read at start-up; the
  // sheet comes later, so the list goes to `registerPrebuiltStyles` instead.
  const listed = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}$/.exec(extracted);
  if (!listed?.[1]) throw new Error("Ant Design's extracted styles did not end with their list of paths");
  const stylePaths = listed[1].split(";").map((entry) => entry.slice(0, entry.lastIndexOf(":")));
  return { css: extracted.slice(0, listed.index), paths: [...stylePaths, ...variablePaths] };
}

export function prebuiltAntdStyles(): Plugin {
  const built = new Map<string, Promise<{ css: string; paths: string[] }>>();
  const sheetOf = (name: string) => {
    if (!built.has(name)) built.set(name, buildSheet(sheetNamed(name)));
    return built.get(name)!;
  };
  return virtualModules("prebuilt-antd-styles", virtualPrefix, async (name) => {
    if (name.endsWith(".css")) return (await sheetOf(name.slice(0, -".css".length))).css;
    const { paths } = await sheetOf(name);
    return [
      `import ${JSON.stringify(virtualPrefix + name + ".css")};`,
      `import { registerPrebuiltStyles } from ${JSON.stringify(registerModule)};`,
      `registerPrebuiltStyles(${JSON.stringify(paths)});`,
    ].join("\n");
  });
}
