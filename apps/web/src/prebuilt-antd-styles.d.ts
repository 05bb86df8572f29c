/** A stylesheet of Ant Design styles made at build time (build/prebuilt-antd-styles.tsx); imported for its effect. */
declare module "virtual:prebuilt-antd-styles/*" {}
