import { codeActionsFeature } from "./code-actions";
import { completionFeature } from "./completion";
import type { Feature } from "./feature";
import { formattingFeature } from "./formatting";
import { hoverFeature } from "./hover";
import { inlayHintsFeature } from "./inlay-hints";
import { navigationFeature } from "./navigation";

/** Every editor feature the server offers, beyond diagnostics and the custom requests. */
export const FEATURES: readonly Feature[] = [navigationFeature, hoverFeature, completionFeature, codeActionsFeature, inlayHintsFeature, formattingFeature];
