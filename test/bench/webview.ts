// The board preview's half of a board update, in a real browser (headless Debian chromium, as the
// browser tests drive it): from the message the extension posts to the new board in the page, and
// to the first frame painted after it. The server's half is the "board" rows of the features.
import { analyze } from "../../shared/index";
import { boardResult } from "../../server/board-request";
import { launchChromium } from "../browser/playwright";
import { boardMessage, openPreview } from "../browser/preview-page";

/**
 * Per update, in ms: until the new board is in the page, and until the frame after it was drawn (the
 * next animation frame, then a task: it runs once that frame is painted, so it waits for the page's
 * frame clock too, up to one frame).
 */
export interface WebviewUpdates {
  readonly swapped: number[];
  readonly drawn: number[];
  readonly svgBytes: number;
}

/**
 * Posts `count` boards of `text` (steps spread evenly over its timeline, so each update draws
 * another board) to a fresh preview page one after another, each timed in the page from its
 * `postMessage` (the message is in the page beforehand, so its transfer is not counted). The text
 * is analysed once, and each board is the server's answer from that analysis. Undefined, with the
 * reason on stderr, when no browser can be started.
 */
export async function webviewUpdates(text: string, count: number): Promise<WebviewUpdates | undefined> {
  const launched = await launchChromium();
  if (!("browser" in launched)) {
    process.stderr.write(`bench: no webview figures: ${launched.skip}\n`);
    return undefined;
  }
  const { browser } = launched;
  try {
    const preview = await openPreview(browser);
    const analysis = analyze(text);
    const stepCount = analysis.scenario?.steps.length ?? 0;
    const steps = Array.from({ length: count }, (_, i) => (stepCount === 0 ? null : Math.floor(((i + 1) * stepCount) / (count + 1))));
    const boards = steps.map((step) => boardResult(analysis, 1, { step }, text));
    const messages = boards.map((board) => boardMessage("file:///workspace/bench.scenario.yaml", board));
    const swapped: number[] = [];
    const drawn: number[] = [];
    for (const [i, message] of messages.entries()) {
      await preview.page.evaluate(`window.__benchMessage = ${JSON.stringify(message)}; 0`);
      const [swap, paint] = await preview.page.evaluate<[number, number]>(`new Promise((resolve) => {
        const board = document.getElementById("board");
        const step = window.__benchMessage.step;
        const selector = step === null ? "svg:not([data-step])" : 'svg[data-step="' + step + '"]';
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
        process.stderr.write(`bench: the preview page did not draw the board of step ${String(steps[i])} within 30 s\n`);
        continue;
      }
      swapped.push(swap);
      drawn.push(paint);
    }
    if (preview.incidents.length > 0) process.stderr.write(`bench: the preview page reported ${preview.incidents.slice(0, 3).join("; ")}\n`);
    return { swapped, drawn, svgBytes: boards[0]?.svg?.length ?? 0 };
  } finally {
    await browser.close();
  }
}
