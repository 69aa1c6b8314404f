import { ColorThemeKind, window } from "vscode";
import type { BoardTheme } from "../../shared/protocol/messages";

/**
 * The renderer theme that matches VS Code's colour theme. Both high-contrast kinds get the
 * renderer's high-contrast board (its picture carries its own black background), since there
 * strong outlines matter more than matching the page.
 */
export function boardThemeOf(kind: ColorThemeKind = window.activeColorTheme.kind): BoardTheme {
  switch (kind) {
    case ColorThemeKind.Dark:
      return "dark";
    case ColorThemeKind.HighContrast:
    case ColorThemeKind.HighContrastLight:
      return "high-contrast";
    default:
      return "light";
  }
}
