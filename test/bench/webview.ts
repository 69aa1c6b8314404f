// The board preview's half of a board update, in a real browser (headless Debian chromium, as the
// browser tests drive it): from the message the extension posts to the new board in the page, and
// to the first frame painted after it. The server's half is the "board" rows of the features.
import type { ToPreviewMessage } from "../../shared/protocol/messages";
import { launchChromium } from "../browser/playwright";
import { boardMessage, boardOfText, openPreview } from "../browser/preview-page";

/**
 * Per update, in ms: until the new board is in the page, and until the frame after it was drawn (the
 * next animation frame, then a task: it runs once that frame is painted, so it waits for the page's
 * frame clock too, up to one frame).
 */
export interface WebviewUpdates {
  readonly swapped: number[];
  readonly painted: number[];
  readonly svgBytes: number;
}

/**
 * Posts the boards of `steps` of `text` to a fresh preview page one after another, each timed in
 * the page from its `postMessage` (the message is in the page beforehand, so its transfer is not
 * counted). Undefined, with the reason on stderr, when no browser can be started.
 */
export async function webviewUpdates(text: string, steps: readonly number[]): Promise<WebviewUpdates | undefined> {
  const launched = await launchChromium();
  if (!("browser" in launched)) {
    process.stderr.write(`bench: no webview figures: ${launched.skip}\n`);
    return undefined;
  }
  const { browser } = launched;
  try {
    const preview = await openPreview(browser);
    const messages: ToPreviewMessage[] = steps.map((s) => boardMessage("file:///workspace/bench.scenario.yaml", boardOfText(text, s)));
    const swapped: number[] = [];
    const painted: number[] = [];
    for (const message of messages) {
      await preview.page.evaluate(`window.__benchMessage = ${JSON.stringify(message)}; 0`);
      const [swap, paint] = await preview.page.evaluate<[number, number]>(`new Promise((resolve) => {
        const board = document.getElementById("board");
        const selector = 'svg[data-step="' + window.__benchMessage.step + '"]';
        let swap = 0;
        const t0 = performance.now();
        const watch = new MutationObserver(() => {
          if (swap !== 0 || board.querySelector(selector) === null) return;
          swap = performance.now() - t0;
          watch.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve([swap, performance.now() - t0]), 0));
        });
        watch.observe(board, { childList: true });
        // Never waits for ever: a board the page does not draw is a sample of NaN, and said below.
        setTimeout(() => { watch.disconnect(); resolve([NaN, NaN]); }, 30000);
        window.postMessage(window.__benchMessage, "*");
      })`);
      if (Number.isNaN(swap)) {
        process.stderr.write(`bench: the preview page did not draw the board of step ${String(message.type === "board" ? message.step : "?")} within 30 s\n`);
        continue;
      }
      swapped.push(swap);
      painted.push(paint);
    }
    if (preview.incidents.length > 0) process.stderr.write(`bench: the preview page reported ${preview.incidents.slice(0, 3).join("; ")}\n`);
    const first = messages[0];
    return { swapped, painted, svgBytes: first.type === "board" ? first.svg.length : 0 };
  } finally {
    await browser.close();
  }
}
