/**
 * SVG to PNG through @resvg/resvg-js, a native module: required at run time (esbuild keeps it
 * external to dist/cli.js and dist/server.js) so the rest of the CLI and the server work even
 * where its binary is missing. It lives in node/, which holds Node-only code that both the CLI
 * (`render --format png`) and the server (`ruleboard/export`) import: the server never imports
 * cli/, and node/ imports neither of them.
 */

/** The part of @resvg/resvg-js used here. */
interface ResvgModule {
  Resvg: new (
    svg: string,
    options: { fitTo?: { mode: "zoom"; value: number }; font?: { loadSystemFonts?: boolean; defaultFontFamily?: string } },
  ) => { render(): { asPng(): Uint8Array } };
}

/** PNG pixels per SVG pixel: sharp on high-density screens and in print. */
export const PNG_ZOOM = 2;

let loaded: ResvgModule | undefined;

/** Renders an SVG (from renderBoard) at twice its size; throws with a readable message when resvg cannot load. */
export function svgToPng(svg: string): Uint8Array {
  if (!loaded) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      loaded = require("@resvg/resvg-js") as ResvgModule;
    } catch (err) {
      throw new Error(`PNG export needs @resvg/resvg-js, which could not be loaded: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  }
  // System fonts, with DejaVu Sans as the fallback family (the renderer's first choice).
  const resvg = new loaded.Resvg(svg, { fitTo: { mode: "zoom", value: PNG_ZOOM }, font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" } });
  return resvg.render().asPng();
}
