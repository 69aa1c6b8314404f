// Entry of dist/server.js. `createConnection` with no streams picks the transport from argv:
// VS Code starts it with --node-ipc, the LSP tests with --stdio.
import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import { initConnection } from "./connection";
import { cancelUndispatched } from "./cancellation";
import { installProcessGuards } from "./process-guards";

installProcessGuards();
initConnection(createConnection(ProposedFeatures.all, { cancelUndispatched }));
