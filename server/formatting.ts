import type { Feature } from "./feature";

/** Placeholder until the feature lands. */
export const formattingFeature: Feature = {
  capabilities: () => ({}),
  register: () => {},
};
