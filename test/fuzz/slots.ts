// Finds, in a scenario the parser reads cleanly, the places a targeted mutation may spoil: the
// numbers the parser reads as coordinates, facings or board sizes, and the scalars it reads as id
// references. Found by walking the YAML tree independently of shared/parse, by key path.
import { isMap, isPair, isScalar, isSeq, parseDocument, type Node } from "yaml";

/** A scalar's source range. */
export interface Slot {
  readonly start: number;
  readonly end: number;
  /** The key path, for variant names, e.g. `units.a.models.a1.0`. */
  readonly path: string;
}

type Path = readonly (string | number)[];

/** Step keys whose scalar value names a unit. */
const UNIT_HEADS = ["pile-in", "fight", "consolidate"];

/** `[x, y]` positions: board, objectives, set-up models, moves (end, waypoint, at, path). */
function isPositionPath(p: Path): boolean {
  const s = p.map(String);
  if (s.length === 1 && s[0] === "board") return true;
  if (s.length === 2 && s[0] === "objectives") return true;
  if (s[0] === "units" && s[2] === "models") return s.length === 4 || (s.length === 5 && s[4] === "at");
  if (s[0] !== "steps" || s.length < 4) return false;
  const rest = s[2] === "pile-in" ? s.slice(3) : s.slice(2);
  if (rest[0] !== "to" || rest.length < 2) return false;
  const tail = rest.slice(2);
  return tail.length === 0 || (tail.length === 1 && (tail[0] === "at" || /^\d+$/.test(tail[0]))) || (tail.length === 2 && tail[0] === "path");
}

/** A `facing:` number of a set-up model or a move. */
function isFacingPath(p: Path): boolean {
  const s = p.map(String);
  if (s[s.length - 1] !== "facing") return false;
  if (s[0] === "units") return s.length === 5 && s[2] === "models";
  const rest = s[2] === "pile-in" ? s.slice(3) : s.slice(2);
  return s[0] === "steps" && rest.length === 3 && rest[0] === "to";
}

/** A scalar value read as an id reference. */
function isRefValuePath(p: Path): boolean {
  const s = p.map(String);
  if (s[0] === "units") return s.length === 4 && s[2] === "charged";
  if (s[0] !== "steps") return false;
  if (s.length === 3) return UNIT_HEADS.includes(s[2]) || s[2] === "remove" || s[2] === "objective";
  if (s.length === 4) return s[2] === "targets" || s[2] === "remove";
  return s.length === 5 && s[2] === "pile-in" && s[3] === "targets";
}

/** Walks the document, calling `visit` with every node and its key path. */
function walk(node: unknown, path: Path, visit: (node: Node, path: Path, keyOf?: Node) => void): void {
  if (isMap(node)) {
    visit(node, path);
    for (const pair of node.items) {
      if (!isPair(pair) || !isScalar(pair.key)) continue;
      const key = String(pair.key.value);
      visit(pair.key, [...path, key], pair.key);
      walk(pair.value, [...path, key], visit);
    }
  } else if (isSeq(node)) {
    visit(node, path);
    node.items.forEach((item, i) => walk(item, [...path, i], visit));
  } else if (isScalar(node)) {
    visit(node, path);
  }
}

/**
 * The coordinate, facing and board numbers, and the id references (values, and the model keys of
 * `to:` maps) of a scenario text. Empty when the text is not valid YAML.
 */
export function findSlots(text: string): { numbers: Slot[]; refs: Slot[] } {
  const doc = parseDocument(text, { version: "1.2", uniqueKeys: false });
  const numbers: Slot[] = [];
  const refs: Slot[] = [];
  if (doc.errors.length > 0) return { numbers, refs };
  const slot = (node: Node, path: Path): Slot => ({ start: node.range![0], end: node.range![1], path: path.join(".") });
  walk(doc.contents, [], (node, path, keyOf) => {
    if (keyOf) {
      // The key of a `to:` entry names a model.
      const s = path.map(String);
      const rest = s[2] === "pile-in" ? s.slice(3) : s.slice(2);
      if (s[0] === "steps" && rest.length === 2 && rest[0] === "to") refs.push(slot(node, path));
      return;
    }
    if (isSeq(node) && isPositionPath(path) && node.items.length === 2) {
      node.items.forEach((item, i) => {
        if (isScalar(item) && typeof item.value === "number") numbers.push(slot(item, [...path, i]));
      });
    } else if (isScalar(node) && typeof node.value === "number" && isFacingPath(path)) {
      numbers.push(slot(node, path));
    } else if (isScalar(node) && typeof node.value === "string" && isRefValuePath(path)) {
      refs.push(slot(node, path));
    }
  });
  return { numbers, refs };
}
