/**
 * The renderer's colour themes. Each theme names every colour the board uses, so a new element
 * never hard-codes a colour; the preview picks the theme that matches VS Code's (light, dark,
 * high contrast) and documents use `print` (greyscale-safe, white paper).
 */

/** The themes `renderBoard` knows. */
export type ThemeName = "light" | "dark" | "high-contrast" | "print";

/** Every theme name, in the order the CLI lists them. */
export const THEME_NAMES: readonly ThemeName[] = ["light", "dark", "high-contrast", "print"];

/** A player's colours: the base's fill and outline, and the text drawn on the base. */
export interface PlayerColours {
  readonly fill: string;
  readonly stroke: string;
  readonly onFill: string;
  /** Unit labels on the board. */
  readonly label: string;
}

/** Named colours and the font of one theme. */
export interface Theme {
  readonly name: ThemeName;
  /** The picture around the board. */
  readonly background: string;
  /** The playing surface and its edge. */
  readonly board: string;
  readonly boardEdge: string;
  /** Inch grid lines on the board. */
  readonly grid: string;
  readonly text: string;
  readonly mutedText: string;
  /** The outline drawn round text on the board so it stays readable over bases and lines. */
  readonly textHalo: string;
  /** Players in scenario order (first player, second player, then any others). */
  readonly players: readonly PlayerColours[];
  readonly objective: string;
  readonly objectiveRing: string;
  /** Terrain areas: fill (drawn at `terrainOpacity`, so the inch grid still shows), outline, and id label. */
  readonly terrain: string;
  readonly terrainEdge: string;
  readonly terrainText: string;
  readonly terrainOpacity: number;
  readonly arrow: string;
  /** The casing under an arrow, so it reads over bases of any colour. */
  readonly arrowCasing: string;
  readonly labelBackground: string;
  readonly labelBorder: string;
  readonly error: string;
  readonly warning: string;
  readonly info: string;
  /** Text on a problem's code label. */
  readonly onProblem: string;
  /** Opacity of engagement-range halos (painted in the player's fill). */
  readonly haloOpacity: number;
  /** A move's legal region: where the model may end (fill at `regionOpacity`, crisp outline). */
  readonly regionLegal: string;
  readonly regionLegalEdge: string;
  /** Spots legal for the model where its unit then fails (coherency, engaged, objective): fill, hatching and outline. */
  readonly regionUnit: string;
  readonly regionUnitEdge: string;
  readonly regionOpacity: number;
  /** The faint references of a region: the maximum-distance ring, the start, the closest enemy's engagement range. */
  readonly regionReference: string;
  readonly font: string;
}

const FONT = "DejaVu Sans, Arial, sans-serif";

const LIGHT: Theme = {
  name: "light",
  background: "#ffffff",
  board: "#eef2e6",
  boardEdge: "#5b6352",
  grid: "#dde3d2",
  text: "#1f2328",
  mutedText: "#59636e",
  textHalo: "#ffffff",
  players: [
    { fill: "#d64541", stroke: "#7f1d1b", onFill: "#ffffff", label: "#7f1d1b" },
    { fill: "#2f6fd0", stroke: "#173a73", onFill: "#ffffff", label: "#173a73" },
    { fill: "#2e9e5b", stroke: "#165230", onFill: "#ffffff", label: "#165230" },
    { fill: "#8e5bd0", stroke: "#4b2a78", onFill: "#ffffff", label: "#4b2a78" },
  ],
  objective: "#f2c230",
  objectiveRing: "#8a6d00",
  terrain: "#cfc3a5",
  terrainEdge: "#7d6f4c",
  terrainText: "#5b4f33",
  terrainOpacity: 0.7,
  arrow: "#1f2328",
  arrowCasing: "#ffffff",
  labelBackground: "#ffffff",
  labelBorder: "#8c959f",
  error: "#d0008f",
  warning: "#c77700",
  info: "#0a7ea4",
  onProblem: "#ffffff",
  haloOpacity: 0.16,
  regionLegal: "#3fae5a",
  regionLegalEdge: "#1d6b31",
  regionUnit: "#f0a830",
  regionUnitEdge: "#a86400",
  regionOpacity: 0.3,
  regionReference: "#59636e",
  font: FONT,
};

const DARK: Theme = {
  name: "dark",
  background: "#1e1e1e",
  board: "#2a3028",
  boardEdge: "#8a9680",
  grid: "#343c32",
  text: "#e6e6e6",
  mutedText: "#a8b0a4",
  textHalo: "#1e1e1e",
  players: [
    { fill: "#f0605b", stroke: "#ffc1be", onFill: "#1e1e1e", label: "#f0605b" },
    { fill: "#5aa2ff", stroke: "#c9e0ff", onFill: "#1e1e1e", label: "#5aa2ff" },
    { fill: "#4cc47c", stroke: "#c2f0d4", onFill: "#1e1e1e", label: "#4cc47c" },
    { fill: "#b48af0", stroke: "#e6d6ff", onFill: "#1e1e1e", label: "#b48af0" },
  ],
  objective: "#f2c230",
  objectiveRing: "#f2d675",
  terrain: "#4a4636",
  terrainEdge: "#a59b74",
  terrainText: "#d6cca3",
  terrainOpacity: 0.75,
  arrow: "#f5f5f5",
  arrowCasing: "#1e1e1e",
  labelBackground: "#2d2d2d",
  labelBorder: "#7a7a7a",
  error: "#ff5cc8",
  warning: "#ffb347",
  info: "#4fc3f7",
  onProblem: "#1e1e1e",
  haloOpacity: 0.22,
  regionLegal: "#4cc47c",
  regionLegalEdge: "#9fe8b9",
  regionUnit: "#ffb347",
  regionUnitEdge: "#ffd699",
  regionOpacity: 0.3,
  regionReference: "#a8b0a4",
  font: FONT,
};

const HIGH_CONTRAST: Theme = {
  name: "high-contrast",
  background: "#000000",
  board: "#000000",
  boardEdge: "#ffffff",
  grid: "#3a3a3a",
  text: "#ffffff",
  mutedText: "#ffffff",
  textHalo: "#000000",
  players: [
    { fill: "#ffd400", stroke: "#ffffff", onFill: "#000000", label: "#ffd400" },
    { fill: "#00e5ff", stroke: "#ffffff", onFill: "#000000", label: "#00e5ff" },
    { fill: "#7dff6b", stroke: "#ffffff", onFill: "#000000", label: "#7dff6b" },
    { fill: "#ff9cf0", stroke: "#ffffff", onFill: "#000000", label: "#ff9cf0" },
  ],
  objective: "#ffffff",
  objectiveRing: "#ffffff",
  terrain: "#2e2e2e",
  terrainEdge: "#c8c8c8",
  terrainText: "#ffffff",
  terrainOpacity: 0.85,
  arrow: "#ffffff",
  arrowCasing: "#000000",
  labelBackground: "#000000",
  labelBorder: "#ffffff",
  error: "#ff3b3b",
  warning: "#ff9f1a",
  info: "#6fc3ff",
  onProblem: "#000000",
  haloOpacity: 0.3,
  regionLegal: "#00c853",
  regionLegalEdge: "#7dff6b",
  regionUnit: "#ff9f1a",
  regionUnitEdge: "#ffd27a",
  regionOpacity: 0.4,
  regionReference: "#ffffff",
  font: FONT,
};

/** Greyscale-safe: players differ by lightness (dark grey, white) so a black-and-white copy still tells them apart. */
const PRINT: Theme = {
  name: "print",
  background: "#ffffff",
  board: "#ffffff",
  boardEdge: "#000000",
  grid: "#e6e6e6",
  text: "#000000",
  mutedText: "#444444",
  textHalo: "#ffffff",
  players: [
    { fill: "#4a4a4a", stroke: "#000000", onFill: "#ffffff", label: "#000000" },
    { fill: "#ffffff", stroke: "#000000", onFill: "#000000", label: "#000000" },
    { fill: "#a6a6a6", stroke: "#000000", onFill: "#000000", label: "#000000" },
    { fill: "#d9d9d9", stroke: "#000000", onFill: "#000000", label: "#000000" },
  ],
  objective: "#bfbfbf",
  objectiveRing: "#000000",
  terrain: "#d9d9d9",
  terrainEdge: "#000000",
  terrainText: "#000000",
  terrainOpacity: 0.6,
  arrow: "#000000",
  arrowCasing: "#ffffff",
  labelBackground: "#ffffff",
  labelBorder: "#000000",
  error: "#000000",
  warning: "#555555",
  info: "#777777",
  onProblem: "#ffffff",
  haloOpacity: 0.12,
  regionLegal: "#bfbfbf",
  regionLegalEdge: "#000000",
  regionUnit: "#e6e6e6",
  regionUnitEdge: "#555555",
  regionOpacity: 0.45,
  regionReference: "#444444",
  font: FONT,
};

const THEMES: Readonly<Record<ThemeName, Theme>> = { light: LIGHT, dark: DARK, "high-contrast": HIGH_CONTRAST, print: PRINT };

/** The theme of that name. */
export function themeOf(name: ThemeName): Theme {
  return THEMES[name];
}

/** True for the names `themeOf` accepts (for command-line and message input). */
export function isThemeName(value: string): value is ThemeName {
  return (THEME_NAMES as readonly string[]).includes(value);
}

/** The colours of the player at `index` in `scenario.players` (themes repeat after their last player). */
export function playerColours(theme: Theme, index: number): PlayerColours {
  return theme.players[Math.max(0, index) % theme.players.length];
}
