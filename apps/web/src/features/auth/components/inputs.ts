/**
 * Ant Design's plain and password inputs on their own. `Input` from "antd" carries its text area,
 * search box and one-time-code input as well, which the public screens never show and which would
 * otherwise be in every visitor's first download (docs/PERFORMANCE.md).
 */
export { default as TextInput } from "antd/es/input/Input";
export { default as PasswordInput } from "antd/es/input/Password";
