import { codeActionsFeature } from "./code-actions";
import { completionFeature } from "./completion";
import type { Feature } from "./feature";
import { formattingFeature } from "./formatting";
import { hoverFeature } from "./hover";
import { inlayHintsFeature } from "./inlay-hints";
import { inMarkdownBlocks } from "./markdown-features";
import { navigationFeature } from "./navigation";

/**
 * Every editor feature the server offers, beyond diagnostics and the custom requests. Each also
 * answers inside the scenario blocks of a Markdown document, where it can (server/markdown-features.ts).
 */
export const FEATURES: readonly Feature[] = [navigationFeature, hoverFeature, completionFeature, codeActionsFeature, inlayHintsFeature, formattingFeature].map(
  inMarkdownBlocks,
);
