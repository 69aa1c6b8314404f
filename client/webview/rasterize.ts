/// <reference lib="dom" />
// The PNG rasteriser page: turns the SVG boards the extension sends into PNG bytes with the
// webview's own browser engine. Used when the native renderer (@resvg/resvg-js, which the CLI uses)
// is not installed, as in the packaged extension, which must stay small and platform-neutral.
import type { RasterizeReply, RasterizeRequest } from "../../shared/protocol/messages";

interface VsCodeApi {
  postMessage(message: RasterizeReply): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();

window.addEventListener("message", (event: MessageEvent<RasterizeRequest>) => {
  const request = event.data;
  if (request?.type !== "rasterize") return;
  rasterize(request.svg, request.zoom).then(
    (png) => vscode.postMessage({ type: "rasterized", id: request.id, png }),
    (error: unknown) => vscode.postMessage({ type: "rasterized", id: request.id, error: String(error) }),
  );
});
vscode.postMessage({ type: "ready" });

/** Draws the SVG (as an image: scripts and external loads inside it never run) on a canvas `zoom` times its size. */
async function rasterize(svg: string, zoom: number): Promise<string> {
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(image.naturalWidth * zoom);
    canvas.height = Math.round(image.naturalHeight * zoom);
    const context = canvas.getContext("2d");
    if (context === null) throw new Error("no 2D canvas");
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("the canvas gave no PNG"))), "image/png"),
    );
    return base64(new Uint8Array(await blob.arrayBuffer()));
  } finally {
    URL.revokeObjectURL(url);
  }
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
