/** Public API of the board renderer: what the CLI, the preview and the Markdown plugin import. */
export { layoutOf, renderBoard } from "./render-board";
export { renderHtmlPage, sha256Base64, type HtmlBoard, type HtmlNotice, type HtmlPageItem, type HtmlPageOptions } from "./html-page";
export type { RenderOptions } from "./render-context";
export type { RegionResult } from "../engine/region";
export { DEFAULT_SCALE } from "./render-context";
export { extractSource, RULEBOARD_NS } from "./source-embed";
export { THEME_NAMES, isThemeName, themeOf } from "./theme";
export type { Theme, ThemeName, PlayerColours } from "./theme";
