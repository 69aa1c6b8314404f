// The board preview's webview script (being written).
export {};
